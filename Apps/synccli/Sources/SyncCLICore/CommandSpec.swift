/// What one command accepts: its positional arguments, valued options and flags.
struct CommandSpec: Sendable {
    var name: String
    var positionals: ClosedRange<Int>
    var positionalNames: [String]
    var options: Set<String> = []
    var flags: Set<String> = []
    var summary: String
    var usage: String

    static let syncOptions: Set<String> = ["container", "name", "policy", "max-delete"]

    static let all: [CommandSpec] = [
        CommandSpec(
            name: "sync", positionals: 0...1, positionalNames: ["folder"], options: syncOptions,
            flags: ["dry-run", "json", "quiet"],
            summary: "sync a folder with its copy in the container (all known pairs without a folder)",
            usage:
                "synccli sync [<folder>] [--container <dir|url>] [--name <pair>] [--dry-run] [--policy keep-both|newer|local|container] [--max-delete <percent>] [--json] [--quiet]"
        ),
        CommandSpec(
            name: "plan", positionals: 1...1, positionalNames: ["folder"], options: syncOptions.union(["out"]),
            flags: ["json", "quiet"], summary: "write the reviewable plan of a sync, changing nothing",
            usage:
                "synccli plan <folder> [--container <dir|url>] [--name <pair>] [--policy ...] [--max-delete <percent>] [--out <file>] [--json]"
        ),
        CommandSpec(
            name: "apply", positionals: 1...1, positionalNames: ["plan-file"], options: ["container"],
            flags: ["json", "quiet"], summary: "carry out a saved plan exactly",
            usage: "synccli apply <plan-file> [--container <dir|url>] [--json] [--quiet]"),
        CommandSpec(
            name: "status", positionals: 0...1, positionalNames: ["folder"], options: ["container", "name"],
            flags: ["json"], summary: "show what a sync would do and when each machine last synced",
            usage: "synccli status [<folder>] [--container <dir|url>] [--name <pair>] [--json]"),
        CommandSpec(
            name: "pairs", positionals: 0...0, positionalNames: [], flags: ["json"],
            summary: "list the pairs this machine knows", usage: "synccli pairs [--json]"),
        CommandSpec(
            name: "conflicts", positionals: 1...1, positionalNames: ["folder"], flags: ["json"],
            summary: "list the conflict copies in a folder", usage: "synccli conflicts <folder> [--json]"),
        CommandSpec(
            name: "trash list", positionals: 1...1, positionalNames: ["folder"], options: ["container", "name"],
            flags: ["json"], summary: "list versions kept in a pair's trash (both sides)",
            usage: "synccli trash list <folder> [--container <dir|url>] [--name <pair>] [--json]"),
        CommandSpec(
            name: "trash restore", positionals: 2...2, positionalNames: ["folder", "path"],
            options: ["container", "name", "to"], flags: ["json", "quiet"],
            summary: "put the newest trashed version of a path back (it syncs on the next run)",
            usage: "synccli trash restore <folder> <path> [--to <dest>] [--container <dir|url>] [--name <pair>]"),
        CommandSpec(
            name: "container show", positionals: 0...0, positionalNames: [], flags: ["json"],
            summary: "show which container (folder or server URL) is used and why",
            usage: "synccli container [show] [--json]"),
        CommandSpec(
            name: "container set", positionals: 1...1, positionalNames: ["dir|url"], flags: [],
            summary: "make a folder (it must exist) or an http(s) server URL the default container",
            usage: "synccli container set <dir|url>"),
    ]

    static func named(_ name: String) -> CommandSpec? { all.first { $0.name == name } }
}
