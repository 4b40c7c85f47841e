import FileSystemInterface
import Foundation

/// A container the user typed (`--container`, `container set`): a folder path, or the `http` or
/// `https` URL of a collection on a WebDAV server.
enum ContainerArgument {
    /// Where a server's credentials belong (never in a URL, never on the command line).
    struct CredentialSources {
        /// The credentials file, in netrc syntax.
        var file: URL
        /// The variable naming the user.
        var userVariable: String
        /// The variable holding the password.
        var passwordVariable: String
    }

    /// The server URL `text` names, normalized (path ending in `/`, so the pair's folder is
    /// `<url>/<pair>/`); nil when `text` is a path, which the caller resolves as a folder.
    /// - Parameters:
    ///   - text: the value as typed.
    ///   - label: how the error line names the value (`--container`, `container set`).
    ///   - credentials: where credentials belong, named when the URL carries some.
    /// - Throws: ``CLIFailure`` (exit 2) for another scheme, a URL carrying a user name or
    ///   password (the line points at the credentials file and never shows the password), or a
    ///   URL that cannot name a container.
    static func serverURL(_ text: String, label: String, credentials: CredentialSources) throws(CLIFailure) -> URL? {
        do {
            return try ContainerAddress.serverURL(text)
        } catch .credentialsInURL(let shown) {
            let host = URLComponents(string: shown)?.host ?? "<host>"
            throw CLIFailure(
                .usage,
                """
                \(label) \(shown): a container URL cannot carry a user name or password; put them in \
                \(credentials.file.displayPath) (netrc syntax: machine \(host) login <user> password <password>; mode 600) \
                or in the variables \(credentials.userVariable) and \(credentials.passwordVariable), and give the URL without them
                """)
        } catch {
            throw CLIFailure(.usage, "\(label): \(error)")
        }
    }
}
