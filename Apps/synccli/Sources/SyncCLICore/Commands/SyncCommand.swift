import Foundation
import SyncEngine

/// `synccli sync [<folder>]`: syncs a folder with its copy in the container, or every pair this
/// machine knows; `--dry-run` shows what it would do.
struct SyncCommand: CLICommand {
    static let commandDescription = CommandDescription(
        name: "sync", summary: "sync a folder with its copy in the container (all known pairs without a folder)",
        positionals: [PositionalDescription(name: "folder", isOptional: true)],
        options: [.container, .name, .dryRun, .policy, .maxDelete, .json, .quiet, .verbose])

    /// The folder to sync; nil: every known pair.
    var folder: String?
    /// The pair's name (`--name`).
    var name: String?
    /// Whether to change nothing and show the plan (`--dry-run`, `-n`).
    var dryRun: Bool
    /// `--policy`, `--max-delete`.
    var settings: SyncSettings
    var output: OutputOptions
    var isReadOnly: Bool { dryRun }

    init(_ arguments: ParsedArguments) throws(UsageError) {
        folder = arguments.positional(0)
        name = try arguments.value(.name)
        _ = try arguments.value(.container)
        dryRun = arguments.has(.dryRun)
        settings = try SyncSettings(arguments)
        output = try OutputOptions(arguments)
    }

    func run(with services: CommandServices, console: Console) async throws -> ExitCode {
        let finder = PairFinder(services: services, console: console)
        let targets: [Result<SyncPair, CLIFailure>]
        if let folder {
            targets = [.success(try await finder.pair(forFolder: folder, name: name))]
        } else {
            targets = try await finder.knownPairs()
            if targets.isEmpty { console.say("no pairs yet: run synccli sync <folder> to start one") }
        }
        var worst = ExitCode.success
        var reports: [SyncReport] = []
        var plans: [SyncPlan] = []
        for target in targets {
            let pair: SyncPair
            switch target {
            case .success(let value): pair = value
            case .failure(let failure):
                console.error(failure.message)
                worst = max(worst, failure.code)
                continue
            }
            if dryRun {
                let plan = try await services.engine.plan(pair, options: settings.engineOptions)
                plans.append(plan)
                console.describe(plan)
                continue
            }
            let started = services.clock.now()
            console.progress("syncing \(pair.name)...")
            do {
                let report = try await services.engine.sync(
                    pair, options: settings.engineOptions, progress: console.progressReporter(for: pair.name))
                try await services.engine.register(pair)
                console.endProgress()
                reports.append(report)
                console.describe(report, seconds: services.clock.now().timeIntervalSince(started))
                if report.wasFirstSync, let container = pair.container {
                    // Where the copy went, once: the pair's folder in the container.
                    console.say(
                        "  the copy is in \(container.appending(path: pair.name, directoryHint: .isDirectory).displayPath)"
                    )
                }
                if !report.isComplete { worst = max(worst, .partial) }
            } catch let error as SyncError where targets.count > 1 {
                console.endProgress()
                let failure = CLIFailure(error)
                console.error("\(pair.name): \(failure.message)")
                worst = max(worst, failure.code)
            }
        }
        console.report(
            dryRun
                ? SyncJSON(dryRun: true, plans: plans.map(PlanJSON.init))
                : SyncJSON(dryRun: false, reports: reports.map(ReportJSON.init)))
        return worst
    }
}
