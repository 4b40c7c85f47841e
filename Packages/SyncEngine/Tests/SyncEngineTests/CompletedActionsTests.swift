import FileTreeInterface
import Testing

@testable import SyncEngine

/// The report's `done` is the plan's actions but the skipped and failed ones, by phase, then path:
/// taken from the plan's own array, not appended one by one, so a first sync of 100,000 files does
/// not hold its actions twice.
@Suite("What the executor reports as done")
struct CompletedActionsTests {
    func action(_ operation: SyncAction.Operation, _ path: String, reason: String = "r") throws -> SyncAction {
        let at = try RelativePath(path)
        return SyncAction(operation, on: .container, path: at, group: at, reason: reason)
    }

    @Test("all done, in order: the plan's own storage, not a copy")
    func sharesStorage() throws {
        let actions = try [action(.makeDirectory, "d"), action(.copy, "a"), action(.copy, "d/b")]
        let done = PlanExecutor.completed(actions, besides: SyncReport(pair: "p"))
        #expect(done == actions)
        let same = actions.withUnsafeBufferPointer { mine in
            done.withUnsafeBufferPointer { theirs in mine.baseAddress == theirs.baseAddress }
        }
        #expect(same, "no second array of actions")
    }

    @Test("skipped and failed actions are left out, one for each time they were reported")
    func leavesOutMissed() throws {
        let twin = try action(.copy, "a")
        let actions = try [twin, twin, action(.copy, "b"), action(.copy, "c"), action(.trash, "c")]
        var report = SyncReport(pair: "p")
        report.skipped = [.init(action: twin, reason: "changed")]
        report.failed = [.init(action: try action(.trash, "c"), reason: "full")]
        let done = PlanExecutor.completed(actions, besides: report)
        #expect(done.map(\.path.text) == ["a", "b", "c"])
        #expect(done.map(\.operation) == [.copy, .copy, .copy], "one of the twins was done, the trash move was not")
    }

    @Test("out of order: by phase, then path; one path's actions keep their order")
    func sorts() throws {
        let actions = try [
            action(.copy, "b"), action(.makeDirectory, "z"), action(.copy, "a", reason: "first"),
            action(.copy, "a", reason: "second"), action(.move, "m"),
        ]
        let done = PlanExecutor.completed(actions, besides: SyncReport(pair: "p"))
        #expect(done.map(\.path.text) == ["m", "z", "a", "a", "b"])
        #expect(done.filter { $0.path.text == "a" }.map(\.reason) == ["first", "second"])
    }

    @Test("a first sync's order (modes deepest first) is sorted in the plan's own storage when given alone")
    func sortsInPlace() throws {
        var actions = try [action(.makeDirectory, "d"), action(.makeDirectory, "d/e"), action(.copy, "d/e/f")]
        actions += try [action(.setPermissions, "d/e"), action(.setPermissions, "d")]  // as planned
        let before = actions.withUnsafeBufferPointer { $0.baseAddress }
        let done = PlanExecutor.completed(consume actions, besides: SyncReport(pair: "p"))
        #expect(done.map(\.path.text) == ["d", "d/e", "d/e/f", "d", "d/e"])
        #expect(done.withUnsafeBufferPointer { $0.baseAddress } == before, "sorted where it was, not copied")
    }
}
