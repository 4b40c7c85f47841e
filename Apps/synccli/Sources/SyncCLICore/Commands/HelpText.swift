import Foundation

/// synccli's help screens, made from the command descriptions.
enum HelpText {
    /// The overview: every command with its summary, exit codes, where state lives.
    static var overview: String {
        let commands = CommandRegistry.descriptions.map { description in
            "  " + description.name.padding(toLength: 19, withPad: " ", startingAt: 0) + description.summary
        }.joined(separator: "\n")
        return """
            synccli: two-way folder sync through a container (a cloud drive, a mount, a disk, a WebDAV server).

            usage: synccli <command> [arguments] [options]

            commands:
            \(commands)

            synccli <command> --help shows a command's options; synccli --version (or -V) its version.
            Short flags: -n (--dry-run), -q (--quiet), -v (--verbose), -h (--help); they combine (-nv).

            exit codes: 0 done; 1 sync or apply done, but some paths failed, were skipped or were not
            synced (links, special files; each one line on standard error); 2 usage error; 3 refused by
            a safety guard (missing root marker, too many deletions, unsafe path, missing folder,
            restoring onto an existing file); 4 container not available; 5 another sync of this pair
            is running.

            state: pairs, archives and locks in $XDG_STATE_HOME/synccli; configuration in
            $XDG_CONFIG_HOME/synccli/containers.json; the default container is
            $XDG_DATA_HOME/synccli/container (override: --container, or SYNCCLI_CONTAINER_SYNC).

            servers: a container may be a WebDAV server's http:// or https:// URL (each pair in
            <url>/<pair>/). Never put a user name or password in the URL: synccli reads them from
            SYNCCLI_WEBDAV_USER and SYNCCLI_WEBDAV_PASSWORD, else from $XDG_CONFIG_HOME/synccli/credentials
            or ~/.netrc (netrc syntax, mode 600).
            """
    }

    /// The help of the command `words` name, or of every subcommand of a group (`trash`); nil
    /// when no command has that name.
    static func command(_ words: [String]) -> String? {
        let name = words.joined(separator: " ")
        let matches = CommandRegistry.descriptions.filter { $0.name == name || $0.name.hasPrefix(name + " ") }
        guard !matches.isEmpty else { return nil }
        return matches.map(\.help).joined(separator: "\n")
    }
}
