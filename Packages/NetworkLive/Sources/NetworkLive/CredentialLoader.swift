public import Foundation

/// Finds the credentials for a server: from the environment, then from
/// `$XDG_CONFIG_HOME/synccli/credentials`, then from `~/.netrc` (both in netrc syntax and refused,
/// with the reason, unless only their owner can read them: mode 0600).
///
/// Passwords never come from command-line arguments (other users can read those in `/proc`), and
/// nothing here prints one: ``Credentials`` and ``CredentialError`` redact.
///
/// ```swift
/// if let credentials = try CredentialLoader().credentials(for: "dav.example.org") {
///     transport = BasicAuthTransport(transport, credentials: credentials, for: serverURL)
/// }
/// ```
public struct CredentialLoader: Sendable {
    /// The variable naming the user.
    public static let userVariable = "SYNCCLI_WEBDAV_USER"
    /// The variable holding the password.
    public static let passwordVariable = "SYNCCLI_WEBDAV_PASSWORD"

    let environment: [String: String]

    /// Creates a loader reading `environment` (the process's by default).
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.environment = environment
    }

    /// `$XDG_CONFIG_HOME/synccli/credentials` (`~/.config/...` when the variable is unset or relative).
    public var configFile: URL {
        let configured = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
        let base =
            configured.map { URL(filePath: $0, directoryHint: .isDirectory) }
            ?? home.appending(path: ".config", directoryHint: .isDirectory)
        return base.appending(path: "synccli/credentials")
    }

    /// `$HOME/.netrc`.
    public var netrcFile: URL { home.appending(path: ".netrc") }

    private var home: URL {
        URL(filePath: environment["HOME"] ?? NSHomeDirectory(), directoryHint: .isDirectory)
    }

    /// The credentials for `host`, from the first source that has them; nil when none does.
    /// - Throws: ``CredentialError`` when a source exists but is refused (readable by others, not a
    ///   regular file, malformed, half set in the environment).
    public func credentials(for host: String) throws(CredentialError) -> Credentials? {
        let user = environment[Self.userVariable]
        let password = environment[Self.passwordVariable]
        switch (user, password) {
        case (let user?, let password?): return Credentials(user: user, password: password)
        case (nil, _?): throw .incompleteEnvironment(missing: Self.userVariable)
        case (_?, nil): throw .incompleteEnvironment(missing: Self.passwordVariable)
        case (nil, nil): break
        }
        for file in [configFile, netrcFile] {
            let path = file.path(percentEncoded: false)
            guard let data = try PrivateFile.read(path) else { continue }
            if let found = try Netrc(String(decoding: data, as: UTF8.self), path: path).credentials(for: host) {
                return found
            }
        }
        return nil
    }
}
