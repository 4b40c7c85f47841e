import FileTreeInterface
import Foundation
import InMemorySupport

@testable import SyncEngine

/// One randomized scenario: two machines and one container, random edits on both machines between
/// syncs, random injected faults and crashes, and the four invariants of DESIGN §5 checked along
/// the way, and every sync that completes held to the exact oracle (``ExactOracle``). Everything
/// derives from the seed, so a failure replays exactly, and its recorded steps shrink.
struct Scenario {
    let seed: UInt64
    var random: SeededGenerator
    let rig = TestRig()
    let machines = ["alpha", "beta"]
    var versions = 0
    /// Violations found, each one line.
    var failures: [String] = []
    /// Every edit and sync so far, to replay and shrink a failure.
    var steps: [ScenarioStep] = []
    /// Predicts each sync's actions exactly.
    var oracle: ExactOracle

    init(seed: UInt64) {
        self.seed = seed
        random = SeededGenerator(seed: seed)
        oracle = ExactOracle(machines: machines)
    }

    static let folders = ["", "a/", "a/b/", "c/"]
    static let names = ["x.txt", "y.txt", "z"]

    // MARK: Edits

    /// One random user edit on a machine's local folder (no journal, no faults: a person's edit).
    mutating func edit(_ machine: String) {
        let root = rig.localRoot(machine)
        let contents = rig.contents(of: root)  // read once: the tree does not change before the edit
        let files = contents.filter { $0.value != "/" }.keys.sorted()
        let folders = contents.filter { $0.value == "/" }.keys.sorted()
        versions += 1
        let text = "s\(seed)-v\(versions)-\(machine)"
        switch Int.random(in: 0..<12, using: &random) {
        case 0...3:
            let path = Self.folders.randomElement(using: &random)! + Self.names.randomElement(using: &random)!
            if contents[path] == "/" { return }
            record(.put(machine, path: path, text: text))
        case 4...5:
            if let path = files.randomElement(using: &random) { record(.put(machine, path: path, text: text)) }
        case 6:
            if let path = files.randomElement(using: &random) { record(.remove(machine, path: path)) }
        case 7:
            if let path = folders.randomElement(using: &random) { record(.remove(machine, path: path)) }
        case 8:
            if let path = files.randomElement(using: &random) {
                let target =
                    Self.folders.randomElement(using: &random)! + "moved-"
                    + (path.split(separator: "/").last.map(String.init) ?? "m")
                if contents[target] == nil,
                    contents[String(target.split(separator: "/").dropLast().joined(separator: "/"))] != nil
                        || !target.contains("/")
                {
                    record(.move(machine, from: path, to: target))
                }
            }
        case 9:
            record(.makeFolder(machine, path: Self.folders.randomElement(using: &random)! + "empty"))
        case 10:
            // Write a file again with the text it has (a save without changes): nothing to sync.
            if let path = files.randomElement(using: &random), let same = contents[path] {
                record(.put(machine, path: path, text: same))
            }
        default:
            // Rename a folder (with everything in it) beside itself.
            if let folder = folders.randomElement(using: &random) {
                let parent = folder.split(separator: "/").dropLast().joined(separator: "/")
                record(.move(machine, from: folder, to: (parent.isEmpty ? "" : parent + "/") + "renamed\(versions)"))
            }
        }
    }

    /// Records an edit and carries it out.
    mutating func record(_ step: ScenarioStep) {
        steps.append(step)
        step.edit(rig)
    }

    // MARK: Syncing

    /// Every file text on the machine's local side and in the container, before a sync.
    func versionsAtRisk(_ machine: String) -> Set<String> {
        let local = rig.contents(of: rig.localRoot(machine)).values.filter { $0 != "/" }
        let container = rig.contents(of: rig.pairRoot).values.filter { $0 != "/" }
        return Set(local).union(container)
    }

    /// Every file text anywhere in the world (trash and conflict copies included).
    func everything() -> Set<String> {
        rig.allTexts(below: URL(filePath: "/machines")).union(rig.allTexts(below: rig.container))
    }

    /// Syncs `machine`, maybe with a fault or a crash.
    mutating func sync(_ machine: String, faults: Bool) async {
        var fault = ScenarioStep.Fault.none
        if faults {
            switch Int.random(in: 0..<4, using: &random) {
            case 0: fault = .crash(afterMutations: Int.random(in: 1...12, using: &random))
            case 1:
                let operations = [
                    "stageCopy", "commitCopy", "flushCopies", "flush", "moveItem", "makeDirectory", "removeItem",
                    "write",
                ]
                fault = .failure(
                    MockOperation(rawValue: operations.randomElement(using: &random)!),
                    onCall: Int.random(in: 1...4, using: &random))
            default: break
            }
        }
        await sync(machine, fault)
    }

    /// Syncs `machine` with `fault`; checks nothing was lost, and that a sync that completes does
    /// exactly what the reference model predicts.
    mutating func sync(_ machine: String, _ fault: ScenarioStep.Fault) async {
        steps.append(.sync(machine, fault))
        let atRisk = versionsAtRisk(machine)
        let manager = rig.manager(machine)
        let predicted = oracle.predict(machine, rig: rig)
        switch fault {
        case .none: break
        case .crash(let count): rig.world.crash(atMutation: rig.world.mutationCount + count)
        case .failure(let operation, let call):
            rig.world.inject(
                Fault(CocoaError(.fileWriteOutOfSpace), operation: operation, onCall: call, repeats: .once))
        }
        var report: SyncReport?
        do {
            report = try await manager.sync(try rig.pair(machine), options: SyncOptions(maxDeletePercent: 100))
            if case .none = fault, report?.isComplete == false {
                failures.append(
                    "seed \(seed): a fault-free sync of \(machine) did not complete: \(report.map { $0.failed + $0.skipped } ?? [])"
                )
            }
        } catch {
            // Faults and crashes may stop a sync; the invariants below must hold all the same.
            if case .none = fault { failures.append("seed \(seed): a fault-free sync of \(machine) failed: \(error)") }
        }
        rig.world.clearFaults()
        if case .crash = fault { rig.world.restart() }
        let after = everything()
        for version in atRisk where !after.contains(version) {
            failures.append("seed \(seed): version \(version) lost by a sync of \(machine)")
        }
        for mismatch in oracle.check(machine, rig: rig, predicted: predicted, report: report) {
            failures.append("seed \(seed): \(Self.precision) sync \(steps.count) (of \(machine)) \(mismatch)")
        }
    }

    /// The words that mark a failure of the exact oracle (a sync did other than the model predicts).
    static let precision = "precision:"

    /// Replays recorded steps on this scenario's fresh rig (the checks of each sync included).
    mutating func replay(_ recorded: [ScenarioStep]) async {
        for step in recorded {
            if case .sync(let machine, let fault) = step {
                await sync(machine, fault)
            } else {
                record(step)
            }
        }
    }

    // MARK: Running

    /// Runs the scenario and checks convergence and idempotence at the end.
    mutating func run(rounds: Int = 4) async {
        for _ in 0..<rounds {
            for machine in machines {
                for _ in 0..<Int.random(in: 0...3, using: &random) { edit(machine) }
            }
            for machine in machines.shuffled(using: &random) where Int.random(in: 0..<4, using: &random) > 0 {
                await sync(machine, faults: true)
            }
        }
        // Settle without faults: every change reaches everyone.
        for machine in machines + machines { await sync(machine, faults: false) }
        let reference = rig.contents(of: rig.pairRoot)
        for machine in machines where rig.contents(of: rig.localRoot(machine)) != reference {
            failures.append(
                "seed \(seed): \(machine) did not converge: \(rig.contents(of: rig.localRoot(machine))) vs \(reference)"
            )
        }
        for root in machines.map({ rig.localRoot($0) }) + [rig.pairRoot] where !rig.temporaryFiles(below: root).isEmpty
        {
            failures.append("seed \(seed): temporary files left after settling: \(rig.temporaryFiles(below: root))")
        }
        for machine in machines {
            let manager = rig.manager(machine)
            if let plan = try? await manager.plan(try rig.pair(machine)), !plan.actions.isEmpty {
                failures.append(
                    "seed \(seed): a second sync of \(machine) would do \(plan.actions.map { "\($0.operation) \($0.path)" })"
                )
            }
        }
    }
}
