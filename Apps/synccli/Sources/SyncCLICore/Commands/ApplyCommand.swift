import FileAccessorInterface
import Foundation
import SyncEngine

/// `synccli apply <plan-file>`: carries out a saved plan exactly.
struct ApplyCommand: CLICommand {
    static let commandDescription = CommandDescription(
        name: "apply", summary: "carry out a saved plan exactly",
        positionals: [PositionalDescription(name: "plan-file")], options: [.container, .json, .quiet, .verbose])

    /// The plan file, as typed.
    var planFile: String
    var output: OutputOptions

    init(_ arguments: ParsedArguments) throws(UsageError) {
        planFile = arguments.positionals[0]
        _ = try arguments.value(.container)
        output = try OutputOptions(arguments)
    }

    func run(with services: CommandServices, console: Console) async throws -> ExitCode {
        if case .failure(let failure) = services.containers.containerInForce() { throw failure }
        let plan = try readPlan(services.files)
        let started = services.clock.now()
        // The server of whichever container the plan's pair syncs with gets its credentials.
        let registered = try await services.engine.pairs().first { $0.name == plan.pair }?.container
        let inForce = try? services.containers.containerInForce().get()
        for container in [services.containers.explicit, registered, inForce].compactMap(\.self) {
            try services.containers.prepare(container)
        }
        let report = try await services.engine.apply(plan, progress: console.progressReporter(for: plan.pair))
        console.endProgress()
        // The pair keeps the container it syncs with (the engine applied the plan there); a pair
        // applied for the first time records the container in force, as its first sync would.
        try await services.engine.register(
            try SyncPair(
                name: plan.pair, localRoot: URL(filePath: plan.localRoot, directoryHint: .isDirectory),
                container: registered ?? inForce))
        console.describe(report, seconds: services.clock.now().timeIntervalSince(started))
        console.report(ApplyJSON(report: ReportJSON(report)))
        return report.isComplete ? .success : .partial
    }

    /// The plan in the file.
    /// - Throws: ``CLIFailure`` (exit 2) when the file cannot be read or is not a plan.
    private func readPlan(_ files: any FileAccessorProviding) throws(CLIFailure) -> SyncPlan {
        let data: Data
        do {
            data = try files.read(from: URL(filePath: planFile, relativeTo: URL.currentDirectory()))
        } catch let refusal as FileAccessRefusal {
            throw CLIFailure(.usage, "cannot read the plan file \(planFile): \(refusal)")
        } catch {
            throw CLIFailure(.usage, "cannot read the plan file \(planFile): \(error.localizedDescription)")
        }
        do {
            return try SyncPlan.decode(data)
        } catch {
            throw CLIFailure(.usage, "\(planFile) is not a synccli plan")
        }
    }
}
