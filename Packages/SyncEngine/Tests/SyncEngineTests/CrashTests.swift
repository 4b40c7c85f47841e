import Foundation
import InMemorySupport
import Testing

@testable import SyncEngine

/// Crash safety: for representative scenarios, a sync is stopped at every one of its mutating
/// steps (the Mock world refuses all later mutations, as a killed process would), then a fresh run
/// goes to completion. Afterwards both sides converge, nothing is lost, and a further sync is idle.
@Suite("Crash at every mutating step, then a fresh run")
struct CrashTests {
    struct Setup: CustomStringConvertible, Sendable {
        var name: String
        var options = SyncOptions(maxDeletePercent: 100)
        /// Runs before the first sync (what alpha and the container hold).
        var before: @Sendable (TestRig) throws -> Void
        /// Runs after the first sync, before the crashed one.
        var edits: @Sendable (TestRig) throws -> Void

        var description: String { name }
    }

    static func local(_ rig: TestRig) -> URL { rig.localRoot("alpha") }

    static let setups: [Setup] = [
        Setup(
            name: "first sync of a local tree", before: { _ in },
            edits: { rig in
                try rig.put("a", at: "a.txt", in: local(rig))
                try rig.put("b", at: "d/b.txt", in: local(rig))
                try rig.put("c", at: "d/e/c.txt", in: local(rig))
            }),
        Setup(
            name: "first sync with both sides populated", before: { _ in },
            edits: { rig in
                try rig.put("l", at: "l.txt", in: local(rig))
                try rig.put("same", at: "s.txt", in: local(rig))
                try rig.put("c", at: "c.txt", in: rig.pairRoot)
                try rig.put("same", at: "s.txt", in: rig.pairRoot)
                try rig.put("cl", at: "both.txt", in: local(rig))
                try rig.put("cc", at: "both.txt", in: rig.pairRoot)
            }),
        Setup(
            name: "local modifications", before: seed3,
            edits: { rig in
                try rig.put("a2", at: "a.txt", in: local(rig))
                try rig.put("b2", at: "d/b.txt", in: local(rig))
            }),
        Setup(
            name: "container modifications", before: seed3,
            edits: { rig in
                try rig.put("a3", at: "a.txt", in: rig.pairRoot)
                try rig.put("c3", at: "d/e/c.txt", in: rig.pairRoot)
            }),
        Setup(
            name: "local deletions", before: seed3,
            edits: { rig in
                try rig.remove("a.txt", in: local(rig))
                try rig.remove("d/e", in: local(rig))
            }),
        Setup(
            name: "container deletions", before: seed3,
            edits: { rig in
                try rig.remove("d", in: rig.pairRoot)
            }),
        Setup(
            name: "edit against edit, keep both", before: seed3,
            edits: { rig in
                try rig.put("mine", at: "a.txt", in: local(rig))
                try rig.put("theirs", at: "a.txt", in: rig.pairRoot)
            }),
        Setup(
            name: "modify against delete", before: seed3,
            edits: { rig in
                try rig.put("kept", at: "a.txt", in: local(rig))
                try rig.remove("a.txt", in: rig.pairRoot)
            }),
        Setup(
            name: "delete against modify", before: seed3,
            edits: { rig in
                try rig.remove("d", in: local(rig))
                try rig.put("kept", at: "d/b.txt", in: rig.pairRoot)
            }),
        Setup(
            name: "file against folder", before: seed3,
            edits: { rig in
                try rig.remove("a.txt", in: local(rig))
                try rig.put("inner", at: "a.txt/inner", in: local(rig))
            }),
        Setup(name: "folder rename", before: seed3, edits: { rig in try rig.move("d", to: "renamed", in: local(rig)) }),
        Setup(
            name: "file rename into another folder", before: seed3,
            edits: { rig in
                try rig.move("a.txt", to: "d/e/a-moved.txt", in: local(rig))
            }),
        Setup(
            name: "new nested folders on both sides", before: seed3,
            edits: { rig in
                try rig.put("n", at: "n1/n2/n3/n.txt", in: local(rig))
                try rig.put("m", at: "m1/m2/m.txt", in: rig.pairRoot)
            }),
        Setup(
            name: "newer wins", options: SyncOptions(policy: .newer, maxDeletePercent: 100), before: seed3,
            edits: { rig in
                try rig.put("old", at: "a.txt", in: local(rig))
                try rig.put("new", at: "a.txt", in: rig.pairRoot)
            }),
        Setup(
            name: "local wins", options: SyncOptions(policy: .local, maxDeletePercent: 100), before: seed3,
            edits: { rig in
                try rig.put("old", at: "a.txt", in: rig.pairRoot)
                try rig.put("mine", at: "a.txt", in: local(rig))
            }),
        Setup(
            name: "container wins", options: SyncOptions(policy: .container, maxDeletePercent: 100), before: seed3,
            edits: { rig in
                try rig.put("mine", at: "a.txt", in: local(rig))
                try rig.put("theirs", at: "a.txt", in: rig.pairRoot)
            }),
        Setup(
            name: "mixed creations, deletions and modifications", before: seed3,
            edits: { rig in
                try rig.put("new", at: "new.txt", in: local(rig))
                try rig.remove("d/b.txt", in: local(rig))
                try rig.put("c4", at: "d/e/c.txt", in: rig.pairRoot)
                try rig.put("x", at: "x/y.txt", in: rig.pairRoot)
            }),
        Setup(
            name: "empty folders created and removed", before: seed3,
            edits: { rig in
                try rig.makeFolder("empty1", in: local(rig))
                try rig.makeFolder("empty2/inner", in: rig.pairRoot)
                try rig.remove("d/e/c.txt", in: local(rig))
            }),
        Setup(
            name: "same new content on both sides", before: seed3,
            edits: { rig in
                try rig.put("same", at: "a.txt", in: local(rig))
                try rig.put("same", at: "a.txt", in: rig.pairRoot)
            }),
        Setup(
            name: "twenty new files", before: seed3,
            edits: { rig in
                for index in 0..<20 {
                    try rig.put("file \(index)", at: "many/\(index % 4)/\(index).txt", in: local(rig))
                }
            }),
        Setup(
            name: "a folder deleted while the other side added to it", before: seed3,
            edits: { rig in
                try rig.remove("d", in: local(rig))
                try rig.put("late", at: "d/e/late.txt", in: rig.pairRoot)
            }),
        Setup(
            name: "folder replaced by a file", before: seed3,
            edits: { rig in
                try rig.remove("d", in: rig.pairRoot)
                try rig.put("now a file", at: "d", in: rig.pairRoot)
            }),
    ]

    static func seed3(_ rig: TestRig) throws {
        try rig.put("a", at: "a.txt", in: local(rig))
        try rig.put("b", at: "d/b.txt", in: local(rig))
        try rig.put("c", at: "d/e/c.txt", in: local(rig))
    }

    /// A rig with the setup's first sync done and its edits made.
    func prepared(_ setup: Setup) async throws -> (TestRig, SyncManager, SyncPair) {
        let rig = TestRig()
        let manager = rig.manager("alpha")
        let pair = try rig.pair("alpha")
        try setup.before(rig)
        try await manager.sync(pair, options: setup.options)
        try setup.edits(rig)
        return (rig, manager, pair)
    }

    @Test("every crash point of the scenario", arguments: setups)
    func crashEverywhere(_ setup: Setup) async throws {
        let (clean, cleanManager, cleanPair) = try await prepared(setup)
        let start = clean.world.mutationCount
        try await cleanManager.sync(cleanPair, options: setup.options)
        let steps = clean.world.mutationCount - start
        #expect(steps > 0, "the scenario must mutate something")
        for step in 1...max(steps, 1) {
            let (rig, manager, pair) = try await prepared(setup)
            let atRisk = rig.allTexts(below: rig.localRoot("alpha")).union(rig.allTexts(below: rig.pairRoot))
            rig.world.crash(atMutation: rig.world.mutationCount + step)
            _ = try? await manager.sync(pair, options: setup.options)
            rig.world.restart()
            try await manager.sync(pair, options: setup.options)
            let local = rig.contents(of: rig.localRoot("alpha"))
            #expect(local == rig.contents(of: rig.pairRoot), "\(setup.name), crash at step \(step): sides differ")
            let after = rig.allTexts(below: rig.localRoot("alpha")).union(rig.allTexts(below: rig.pairRoot))
            #expect(
                atRisk.isSubset(of: after), "\(setup.name), crash at step \(step): lost \(atRisk.subtracting(after))")
            let leftovers = rig.temporaryFiles(below: rig.localRoot("alpha")) + rig.temporaryFiles(below: rig.pairRoot)
            #expect(leftovers.isEmpty, "\(setup.name), crash at step \(step): temporary files left: \(leftovers)")
            let again = try await manager.plan(pair, options: setup.options)
            #expect(
                again.actions.isEmpty, "\(setup.name), crash at step \(step): not idle: \(again.actions.map(\.path))")
        }
    }
}
