import FileAccessorInterface
import Foundation
import SyncEngine

/// `synccli plan <folder>`: writes the reviewable plan of a sync, changing nothing.
struct PlanCommand: CLICommand {
    static let commandDescription = CommandDescription(
        name: "plan", summary: "write the reviewable plan of a sync, changing nothing",
        positionals: [PositionalDescription(name: "folder")],
        options: [.container, .name, .policy, .maxDelete, .out, .json, .quiet, .verbose])

    /// The folder whose pair is planned.
    var folder: String
    /// The pair's name (`--name`).
    var name: String?
    /// Where to write the plan (`--out`); nil: standard output.
    var out: String?
    /// `--policy`, `--max-delete`.
    var settings: SyncSettings
    var output: OutputOptions
    var isReadOnly: Bool { true }

    init(_ arguments: ParsedArguments) throws(UsageError) {
        folder = arguments.positionals[0]
        name = try arguments.value(.name)
        _ = try arguments.value(.container)
        out = try arguments.value(.out)
        settings = try SyncSettings(arguments)
        output = try OutputOptions(arguments)
    }

    func run(with services: CommandServices, console: Console) async throws -> ExitCode {
        let pair = try await PairFinder(services: services, console: console).pair(forFolder: folder, name: name)
        let plan = try await services.engine.plan(pair, options: settings.engineOptions)
        let data = try plan.encoded()
        guard let out else {
            services.streams.write(String(decoding: data, as: UTF8.self) + "\n", to: .output)
            // Standard output is the plan; the verdict goes beside it, for the person reading.
            if let refusal = plan.deletionRefusal, output.mode != .json {
                services.streams.write(GuardWords.preview(refusal) + "\n", to: .error)
            }
            return .success
        }
        do {
            try services.files.write(data, to: URL(filePath: out, relativeTo: URL.currentDirectory()))
        } catch {
            throw CLIFailure(.partial, "cannot write the plan to \(out): \(error)")
        }
        console.describe(plan)
        console.say("plan written to \(out); run synccli apply \(out) to carry it out")
        console.report(
            Summary(
                pair: plan.pair, changes: ChangeLine.changes(plan.actions).count, conflicts: plan.conflicts.count,
                firstSync: plan.isFirstSync, planFile: out))
        return .success
    }

    /// What `plan --out <file> --json` prints: the plan itself is in the file.
    struct Summary: Encodable, Equatable {
        var version = JSONVersion.current
        var pair: String
        var changes: Int
        var conflicts: Int
        var firstSync: Bool
        var planFile: String
    }
}
