import FileAccessorInterface
import Foundation
import SyncEngine

extension Commands {
    func sync() async throws -> ExitCode {
        let manager = wiring.manager()
        let targets: [Result<SyncPair, CLIFailure>]
        if let folder = invocation.positionals.first {
            let pair = try await pair(forFolder: folder, in: manager)
            targets = [.success(pair)]
        } else {
            targets = try await knownPairs(manager)
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
                Console.error(failure.message)
                worst = max(worst, failure.code)
                continue
            }
            let started = Date()
            if invocation.has("dry-run") {
                let plan = try await manager.plan(pair, options: options())
                plans.append(plan)
                describe(plan)
                continue
            }
            console.progress("syncing \(pair.name)...")
            do {
                let report = try await manager.sync(
                    pair, options: options(), progress: console.progressReporter(for: pair.name))
                try await remember(pair, in: manager)
                console.endProgress()
                reports.append(report)
                describe(report, seconds: Date().timeIntervalSince(started))
                if !report.isComplete { worst = max(worst, .partial) }
            } catch let error as SyncError where targets.count > 1 {
                console.endProgress()
                let failure = CLIFailure(error)
                Console.error("\(pair.name): \(failure.message)")
                worst = max(worst, failure.code)
            }
        }
        if invocation.has("dry-run") { console.report(plans) } else { console.report(reports) }
        return worst
    }

    func plan() async throws -> ExitCode {
        let manager = wiring.manager()
        let pair = try await pair(forFolder: invocation.positionals[0], in: manager)
        let plan = try await manager.plan(pair, options: options())
        let data = try plan.encoded()
        if let out = invocation.options["out"] {
            do {
                try data.write(to: URL(filePath: out, relativeTo: URL.currentDirectory()))
            } catch {
                throw CLIFailure(.partial, "cannot write the plan to \(out): \(error.localizedDescription)")
            }
            describe(plan)
            console.say("plan written to \(out); run synccli apply \(out) to carry it out")
        } else {
            Output.write(data + Data("\n".utf8), to: .standardOutput)
        }
        return .success
    }

    func apply() async throws -> ExitCode {
        try requireContainer()
        let path = invocation.positionals[0]
        let data: Data
        do {
            data = try wiring.files.read(from: URL(filePath: path, relativeTo: URL.currentDirectory()))
        } catch let refusal as FileAccessRefusal {
            throw CLIFailure(.usage, "cannot read the plan file \(path): \(refusal)")
        } catch {
            throw CLIFailure(.usage, "cannot read the plan file \(path): \(error.localizedDescription)")
        }
        let plan: SyncPlan
        do {
            plan = try SyncPlan.decode(data)
        } catch {
            throw CLIFailure(.usage, "\(path) is not a synccli plan")
        }
        let started = Date()
        let manager = wiring.manager()
        // The server of whichever container the plan's pair syncs with gets its credentials.
        let registered = try await manager.pairs().first { $0.name == plan.pair }?.container
        for container in [wiring.explicitContainer, registered, try? wiring.container().get()].compactMap(\.self) {
            try wiring.prepare(container)
        }
        let report = try await manager.apply(plan)
        try await remember(
            try SyncPair(name: plan.pair, localRoot: URL(filePath: plan.localRoot, directoryHint: .isDirectory)),
            in: manager)
        describe(report, seconds: Date().timeIntervalSince(started))
        console.report(report)
        return report.isComplete ? .success : .partial
    }

    // MARK: Describing

    func describe(_ report: SyncReport, seconds: TimeInterval) {
        var parts = ["\(report.copied) copied (\(Console.bytes(report.bytesCopied)))", "\(report.deleted) deleted"]
        if report.replaced > 0 { parts.append("\(report.replaced) replaced") }
        if report.moved > 0 { parts.append("\(report.moved) moved") }
        if report.foldersChanged > 0 { parts.append(Console.count(report.foldersChanged, "folder") + " changed") }
        parts.append(Console.count(report.conflicts.count, "conflict"))
        console.say(
            "\(report.pair): \(parts.joined(separator: ", ")) in \(String(format: "%.2f", seconds)) s\(report.wasFirstSync ? " (first sync)" : "")"
        )
        for conflict in report.conflicts { console.say("  conflict \(conflict.path): \(conflict.resolution)") }
        for warning in report.warnings { console.say("  note: \(warning)") }
        for item in report.skipped {
            Console.error("\(report.pair): skipped \(item.action.side) \(item.action.path): \(item.reason)")
        }
        for item in report.failed {
            Console.error("\(report.pair): failed \(item.action.side) \(item.action.path): \(item.reason)")
        }
        for item in report.unsynced { Console.error("\(report.pair): not synced \(item)") }
    }

    func describe(_ plan: SyncPlan) {
        console.say("\(plan.pair): \(plan.actions.count) actions planned\(plan.isFirstSync ? " (first sync)" : "")")
        for action in plan.actions {
            let source = action.source.map { $0 == action.path ? "" : " from \($0)" } ?? ""
            console.say("  \(action.operation) \(action.side) \(action.path)\(source): \(action.reason)")
        }
        for conflict in plan.conflicts { console.say("  conflict \(conflict.path): \(conflict.resolution)") }
        for warning in plan.warnings { console.say("  note: \(warning)") }
        for item in plan.unsynced { console.say("  not synced \(item)") }
    }
}

extension ExitCode: Comparable {
    public static func < (lhs: ExitCode, rhs: ExitCode) -> Bool { lhs.rawValue < rhs.rawValue }
}
