/// One option or flag a command accepts: its long name, its short letter, the value it takes and
/// the line of help that explains it.
///
/// The same value feeds the parser, the usage line and the help screen, so they cannot disagree.
struct OptionDescription: Sendable, Hashable {
    /// The name after `--` (`dry-run`).
    var long: String
    /// The letter after `-` (`n`), if the option has a short form.
    var short: Character?
    /// What the value looks like in usage lines (`<dir|url>`); nil for a flag, which takes none.
    var value: String?
    /// What the option does, in a few words.
    var help: String

    /// Whether the option is a flag (takes no value).
    var isFlag: Bool { value == nil }

    /// `-n|--dry-run`, `--name <pair>`: the option as the usage line shows it.
    var usageText: String {
        let names = short.map { "-\($0)|--\(long)" } ?? "--\(long)"
        return value.map { "\(names) \($0)" } ?? names
    }

    /// `-n, --dry-run`, `    --name <pair>`: the option as the help screen lists it (a list of
    /// choices as `<policy>`: the line after it names them).
    var helpText: String {
        let names = (short.map { "-\($0), " } ?? "    ") + "--\(long)"
        guard let value else { return names }
        return value.hasPrefix("<") ? "\(names) \(value)" : "\(names) <\(long)>"
    }
}

// MARK: - The options commands share, described once

extension OptionDescription {
    static let container = OptionDescription(
        long: "container", value: "<dir|url>",
        help: "use this container: a folder (never created: it may be an unmounted drive) or a WebDAV "
            + "server's http:// or https:// URL (credentials: see synccli --help)")
    static let name = OptionDescription(
        long: "name", value: "<pair>", help: "the pair's name in the container (default: the folder's name)")
    static let policy = OptionDescription(
        long: "policy", value: "keep-both|newer|local|container",
        help: "conflicts: keep-both (default), newer, local, container; losers are kept")
    static let maxDelete = OptionDescription(
        long: "max-delete", value: "<percent>", help: "refuse to delete more than this % of a side's files (default 50)"
    )
    static let out = OptionDescription(
        long: "out", value: "<file>", help: "write the plan there (default: standard output)")
    static let to = OptionDescription(
        long: "to", value: "<dest>", help: "restore to this path in the folder instead of the original one")
    static let days = OptionDescription(
        long: "days", value: "<days>", help: "keep trashed versions this many days (default 30)")
    static let maxSize = OptionDescription(
        long: "max-size", value: "<size>",
        help: "and at most this much per side: 10% (of the free space, the default), 500M, 2G, or none")
    static let olderThan = OptionDescription(
        long: "older-than", value: "<days>", help: "only versions trashed at least this many days ago")
    static let interval = OptionDescription(
        long: "interval", value: "<seconds>",
        help: "sync each pair this often without a local change, to pick up the container's (default 60)")
    /// `--json` of a command that runs until stopped (`watch`): a document per line.
    static let jsonLines = OptionDescription(
        long: "json",
        help: "one versioned JSON object per line, one per sync (schema: Apps/synccli/Schemas/watch.schema.json)")
    static let force = OptionDescription(long: "force", help: "replace a different unit already there")
    static let dryRun = OptionDescription(long: "dry-run", short: "n", help: "show what would change, change nothing")
    static let json = OptionDescription(
        long: "json",
        help: "one versioned JSON document on standard output (a failure too: error and exitCode); "
            + "schemas in Apps/synccli/Schemas")
    static let quiet = OptionDescription(
        long: "quiet", short: "q", help: "no progress or summary; conflicts, failures and refusals still show")
    static let verbose = OptionDescription(
        long: "verbose", short: "v", help: "one line per change, with its direction (local → container)")
}
