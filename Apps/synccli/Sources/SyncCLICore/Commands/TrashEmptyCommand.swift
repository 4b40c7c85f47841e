import Foundation
import SyncEngine

/// `synccli trash empty <folder> [--older-than D] [--dry-run] [--json]`: removes trashed versions
/// (all, or those trashed at least D days ago), but never the last copy of a version younger than
/// the pair's age limit; says what it freed and what it kept.
struct TrashEmptyCommand: CLICommand {
    static let commandDescription = CommandDescription(
        name: "trash empty",
        summary: "remove trashed versions, but last copies younger than the age limit; say what it frees",
        positionals: [PositionalDescription(name: "folder")],
        options: [.olderThan, .dryRun, .container, .name, .json])

    /// `trash empty --json`.
    struct Document: Encodable, Equatable {
        /// A number of versions and their bytes.
        struct Tally: Encodable, Equatable {
            var versions: Int
            var bytes: Int64

            init(_ tally: TrashEmptyResult.Tally) {
                versions = tally.versions
                bytes = tally.bytes
            }
        }

        var version = JSONVersion.current
        var pair: String
        var dryRun: Bool
        /// Removed, or with `--dry-run` to be removed.
        var freed: Tally
        /// Kept: the last copy of their version, younger than the age limit.
        var keptLastCopies: Tally
        /// Kept: younger than `--older-than`, or of unknown age (a folder made by hand).
        var keptOther: Tally
        /// Versions that could not be removed (tried again by the next sync).
        var failed: Int
    }

    /// The folder whose pair's trash is emptied.
    var folder: String
    /// The pair's name (`--name`).
    var name: String?
    /// `--older-than`, in days.
    var olderThan: Double?
    var dryRun: Bool
    var output: OutputOptions

    init(_ arguments: ParsedArguments) throws(UsageError) {
        folder = arguments.positionals[0]
        name = try arguments.value(.name)
        _ = try arguments.value(.container)
        if let text = try arguments.value(.olderThan) {
            guard let value = Double(text), value.isFinite, value >= 0, value <= 36_500 else {
                throw arguments.error("--older-than must be a number of days from 0 to 36500, not \"\(text)\"")
            }
            olderThan = value
        }
        dryRun = arguments.has(.dryRun)
        output = try OutputOptions(arguments)
    }

    func run(with services: CommandServices, console: Console) async throws -> ExitCode {
        let pair = try await PairFinder(services: services, console: console).pair(forFolder: folder, name: name)
        let retention = try await services.engine.trashRetention(of: pair)
        let result = try await services.engine.emptyTrash(
            of: pair, olderThan: olderThan.map { $0 * 86_400 }, dryRun: dryRun)
        func tally(_ tally: TrashEmptyResult.Tally) -> String {
            "\(Console.count(tally.versions, "version")) (\(Console.bytes(tally.bytes)))"
        }
        console.say("\(dryRun ? "would free" : "freed") \(tally(result.freed)) from the trash of \(pair.name)")
        if result.keptLastCopies.versions > 0 {
            console.say(
                "kept \(tally(result.keptLastCopies)): the last copy of each, kept until \(Console.count(retention.days, "day")) old"
            )
        }
        if result.keptOther.versions > 0 {
            let why = olderThan == nil ? "of unknown age (folders made by hand)" : "younger than --older-than"
            console.say("kept \(tally(result.keptOther)): \(why)")
        }
        for warning in result.warnings { console.notice(warning) }
        console.report(
            Document(
                pair: pair.name, dryRun: dryRun, freed: .init(result.freed),
                keptLastCopies: .init(result.keptLastCopies),
                keptOther: .init(result.keptOther), failed: result.failed))
        return result.failed > 0 ? .partial : .success
    }
}
