import SyncEngine

/// `synccli trash keep <folder> [--days N] [--max-size SIZE]`: sets (or, with neither option,
/// shows) how long and how much the pair's trash keeps.
struct TrashKeepCommand: CLICommand {
    static let commandDescription = CommandDescription(
        name: "trash keep",
        summary: "set how long and how much a pair's trash keeps (no option: show it)",
        positionals: [PositionalDescription(name: "folder")], options: [.days, .maxSize, .container, .name])

    /// The folder whose pair's trash is kept.
    var folder: String
    /// The pair's name (`--name`).
    var name: String?
    /// `--days`.
    var days: Int?
    /// `--max-size`: nil when not given; `.some(nil)` for `none`.
    var maxSize: TrashSizeLimit??

    init(_ arguments: ParsedArguments) throws(UsageError) {
        folder = arguments.positionals[0]
        name = try arguments.value(.name)
        _ = try arguments.value(.container)
        if let text = try arguments.value(.days) {
            guard let value = Int(text), (1...36_500).contains(value) else {
                throw arguments.error("--days must be a whole number of days from 1 to 36500, not \"\(text)\"")
            }
            days = value
        }
        if let text = try arguments.value(.maxSize) {
            if text == "none" {
                maxSize = .some(nil)
            } else {
                do {
                    maxSize = .some(try TrashSizeLimit(parsing: text))
                } catch {
                    throw arguments.error("--max-size: \(error.message)")
                }
            }
        }
    }

    func run(with services: CommandServices, console: Console) async throws -> ExitCode {
        let pair = try await PairFinder(services: services, console: console).pair(forFolder: folder, name: name)
        var retention = try await services.engine.trashRetention(of: pair)
        let changing = days != nil || maxSize != nil
        if let days { retention.days = days }
        if let maxSize { retention.maxSize = maxSize }
        if changing { try await services.engine.setTrashRetention(retention, of: pair) }
        console.say(
            "the trash of \(pair.name) keeps \(Self.describe(retention))\(changing ? " (from the next sync)" : "")")
        return .success
    }

    /// `versions for 30 days, and at most 10% of the free space per side, but the last copy of a
    /// version for all its days`.
    static func describe(_ retention: TrashRetention) -> String {
        let size: String
        switch retention.maxSize {
        case nil: size = "with no size limit"
        case .bytes(let bytes)?: size = "and at most \(Console.bytes(bytes)) per side"
        case .shareOfFreeSpace(let percent)?: size = "and at most \(percent)% of the free space per side"
        }
        let days = Console.count(retention.days, "day")
        return "versions for \(days), \(size); the last copy of a version stays its \(days) whatever the size"
    }
}
