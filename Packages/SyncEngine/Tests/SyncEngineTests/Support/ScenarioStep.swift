import Foundation
import InMemorySupport

/// One thing a randomized scenario did, recorded as it happened, so a failing scenario can be
/// replayed step by step and shrunk to the fewest steps that still fail.
enum ScenarioStep: CustomStringConvertible, Sendable {
    /// A person's edit of a machine's local folder.
    case put(String, path: String, text: String)
    case remove(String, path: String)
    case move(String, from: String, to: String)
    case makeFolder(String, path: String)
    /// A sync of a machine, maybe with a fault or a crash.
    case sync(String, Fault)

    enum Fault: Sendable, CustomStringConvertible {
        case none
        /// The world crashes this many mutations into the sync.
        case crash(afterMutations: Int)
        /// The operation fails with "out of space" on this call of it.
        case failure(MockOperation, onCall: Int)

        var description: String {
            switch self {
            case .none: ""
            case .crash(let count): " (crashing after \(count) mutations)"
            case .failure(let operation, let call): " (\(operation.rawValue) call \(call) fails)"
            }
        }
    }

    var description: String {
        switch self {
        case .put(let machine, let path, let text): "\(machine): write \(path) = \(text)"
        case .remove(let machine, let path): "\(machine): remove \(path)"
        case .move(let machine, let from, let to): "\(machine): move \(from) to \(to)"
        case .makeFolder(let machine, let path): "\(machine): make folder \(path)"
        case .sync(let machine, let fault): "sync \(machine)\(fault)"
        }
    }

    /// Carries out an edit on `rig` (one that no longer applies, once other steps are gone, is
    /// skipped); a sync is the scenario's to run.
    func edit(_ rig: TestRig) {
        switch self {
        case .put(let machine, let path, let text):
            if rig.contents(of: rig.localRoot(machine))[path] != "/" {
                try? rig.put(text, at: path, in: rig.localRoot(machine))
            }
        case .remove(let machine, let path): try? rig.remove(path, in: rig.localRoot(machine))
        case .move(let machine, let from, let to): try? rig.move(from, to: to, in: rig.localRoot(machine))
        case .makeFolder(let machine, let path): try? rig.makeFolder(path, in: rig.localRoot(machine))
        case .sync: break
        }
    }
}

extension Scenario {
    /// The fewest of `steps` (removing one at a time while a replay still breaks the exact
    /// oracle, at most `budget` replays) that still make a sync do other than the model predicts.
    static func shrink(seed: UInt64, _ steps: [ScenarioStep], budget: Int = 300) async -> [ScenarioStep] {
        var steps = steps
        var replays = 0
        var progress = true
        while progress && replays < budget {
            progress = false
            var index = steps.count - 1
            while index >= 0 && replays < budget {
                var fewer = steps
                fewer.remove(at: index)
                replays += 1
                var replay = Scenario(seed: seed)
                await replay.replay(fewer)
                if replay.failures.contains(where: { $0.contains(Scenario.precision) }) {
                    steps = fewer
                    progress = true
                }
                index -= 1
            }
        }
        return steps
    }
}
