import Foundation

/// synccli's help screens.
enum HelpText {
    static let version = "synccli 0.1.0"

    static var overview: String {
        let commands = CommandSpec.all.map { spec in
            "  " + spec.name.padding(toLength: 16, withPad: " ", startingAt: 0) + spec.summary
        }.joined(separator: "\n")
        return """
            synccli: two-way folder sync through a container (a cloud drive, a mount, a disk, a WebDAV server).

            usage: synccli <command> [arguments] [options]

            commands:
            \(commands)

            synccli <command> --help shows a command's options; synccli --version its version.

            exit codes: 0 done; 1 done but some paths failed (listed); 2 usage error; 3 refused by a
            safety guard (missing root marker, too many deletions, unsafe path, missing folder);
            4 container not available; 5 another sync of this pair is running.

            state: pairs, archives and locks in $XDG_STATE_HOME/synccli; configuration in
            $XDG_CONFIG_HOME/synccli/containers.json; the default container is
            $XDG_DATA_HOME/synccli/container (override: --container, or SYNCCLI_CONTAINER_SYNC).

            servers: a container may be a WebDAV server's http:// or https:// URL (each pair in
            <url>/<pair>/). Never put a user name or password in the URL: synccli reads them from
            SYNCCLI_WEBDAV_USER and SYNCCLI_WEBDAV_PASSWORD, else from $XDG_CONFIG_HOME/synccli/credentials
            or ~/.netrc (netrc syntax, mode 600).
            """
    }

    static func command(_ words: [String]) -> String? {
        let name = words.joined(separator: " ")
        let matches = CommandSpec.all.filter { $0.name == name || $0.name.hasPrefix(name + " ") }
        guard !matches.isEmpty else { return nil }
        return matches.map { spec in
            var text = "\(spec.usage)\n  \(spec.summary)\n"
            let details: [String: String] = [
                "container":
                    "--container <dir|url>  use this container: a folder (never created: it may be an unmounted drive)\n"
                    + "                       or a WebDAV server's http:// or https:// URL (credentials: see synccli --help)",
                "name": "--name <pair>      the pair's name in the container (default: the folder's name)",
                "policy": "--policy <p>       conflicts: keep-both (default), newer, local, container; losers are kept",
                "max-delete": "--max-delete <n>   refuse to delete more than n% of a side's files (default 50)",
                "out": "--out <file>       write the plan there (default: standard output)",
                "to": "--to <dest>        restore to this path instead of the original one",
            ]
            let flags: [String: String] = [
                "dry-run": "--dry-run          show the plan, change nothing",
                "json": "--json             one machine-readable JSON report on standard output",
                "quiet": "--quiet            print errors only",
            ]
            for option in spec.options.sorted() { if let line = details[option] { text += "  \(line)\n" } }
            for flag in spec.flags.sorted() { if let line = flags[flag] { text += "  \(line)\n" } }
            return text
        }.joined(separator: "\n")
    }
}
