import Foundation
import InMemorySupport
import Testing

/// How a fault's `onCall` and `repeats` select among five matching calls.
struct FaultSchedule: Sendable, CustomTestStringConvertible {
    let onCall: Int
    let repeats: Fault.Repeat
    /// For calls 1...5: whether each fails.
    let fails: [Bool]

    var testDescription: String { "onCall \(onCall), \(repeats) → \(fails.map { $0 ? "✗" : "✓" }.joined())" }
}

@Suite("MockWorld faults", .tags(.small))
struct MockWorldFaultTests {
    let world = MockWorld()
    var probe: Probe { Probe(world: world) }

    init() throws {
        try world.withTree { try $0.writeFile(bytes("public"), at: key("/public.txt")) }
        try world.withTree { try $0.writeFile(bytes("secret"), at: key("/secret.txt")) }
    }

    @Test("a fault for one operation fails that operation only")
    func perOperation() throws {
        world.inject(Fault(TestFailure(id: 1), operation: .write))
        #expect(throws: TestFailure(id: 1)) { try probe.write("x", to: "/public.txt") }
        #expect(throws: TestFailure(id: 1)) { try probe.write("x", to: "/new.txt") }
        #expect(try probe.read("/public.txt") == bytes("public"))
        #expect(try probe.list("/") == ["public.txt", "secret.txt"])
        #expect(!probe.exists("/new.txt"))
    }

    @Test("a fault for one path fails calls on that path only, whatever the operation")
    func perPath() throws {
        world.inject(Fault(TestFailure(id: 2), path: URL(filePath: "/secret.txt")))
        #expect(throws: TestFailure(id: 2)) { try probe.read("/secret.txt") }
        #expect(throws: TestFailure(id: 2)) { try probe.remove("/secret.txt") }
        #expect(try probe.read("/public.txt") == bytes("public"))
        #expect(probe.exists("/secret.txt"))
    }

    @Test("a fault's path matches every spelling of the same path")
    func pathIsNormalised() throws {
        world.inject(Fault(TestFailure(id: 3), path: URL(filePath: "/docs/../secret.txt")))
        #expect(throws: TestFailure(id: 3)) { try probe.read("//secret.txt") }
        #expect(throws: TestFailure(id: 3)) { try probe.read("/./secret.txt") }
        #expect(try probe.read("/public.txt") == bytes("public"))
    }

    @Test("operation and path together narrow a fault to both")
    func operationAndPath() throws {
        world.inject(Fault(TestFailure(id: 4), operation: .read, path: URL(filePath: "/secret.txt")))
        #expect(throws: TestFailure(id: 4)) { try probe.read("/secret.txt") }
        #expect(try probe.read("/public.txt") == bytes("public"))
        try probe.write("changed", to: "/secret.txt")
        #expect(world.withTree { $0.entry(at: key("/secret.txt"))?.data } == bytes("changed"))
    }

    @Test(
        "onCall and repeats choose which matching calls fail",
        arguments: [
            FaultSchedule(onCall: 1, repeats: .always, fails: [true, true, true, true, true]),
            FaultSchedule(onCall: 1, repeats: .once, fails: [true, false, false, false, false]),
            FaultSchedule(onCall: 3, repeats: .always, fails: [false, false, true, true, true]),
            FaultSchedule(onCall: 3, repeats: .once, fails: [false, false, true, false, false]),
            FaultSchedule(onCall: 5, repeats: .once, fails: [false, false, false, false, true]),
            FaultSchedule(onCall: 6, repeats: .always, fails: [false, false, false, false, false]),
        ])
    func schedule(_ schedule: FaultSchedule) {
        world.inject(Fault(TestFailure(id: 5), operation: .read, onCall: schedule.onCall, repeats: schedule.repeats))
        var failures: [Bool] = []
        for _ in 1...5 {
            do {
                _ = try probe.read("/public.txt")
                failures.append(false)
            } catch {
                #expect(error as? TestFailure == TestFailure(id: 5))
                failures.append(true)
            }
        }
        #expect(failures == schedule.fails)
    }

    @Test("only matching calls count towards onCall")
    func onlyMatchingCallsCount() throws {
        world.inject(Fault(TestFailure(id: 6), operation: .write, onCall: 2, repeats: .once))
        try probe.write("1", to: "/a.txt")
        for _ in 1...3 { _ = try probe.read("/a.txt") }
        _ = try probe.list("/")
        #expect(throws: TestFailure(id: 6)) { try probe.write("2", to: "/a.txt") }
        try probe.write("3", to: "/a.txt")
        #expect(try probe.read("/a.txt") == bytes("3"))
    }

    @Test("when several faults match, the first injected that fires wins")
    func firstFaultWins() throws {
        world.inject(Fault(TestFailure(id: 1), operation: .read))
        world.inject(Fault(TestFailure(id: 2), operation: .read))
        #expect(throws: TestFailure(id: 1)) { try probe.read("/public.txt") }
        #expect(throws: TestFailure(id: 1)) { try probe.read("/public.txt") }
    }

    @Test("a spent once-fault hands over to the next matching fault")
    func onceThenNext() throws {
        world.inject(Fault(TestFailure(id: 1), operation: .read, repeats: .once))
        world.inject(Fault(TestFailure(id: 2), operation: .read, repeats: .once))
        world.inject(Fault(TestFailure(id: 3), path: URL(filePath: "/secret.txt")))
        #expect(throws: TestFailure(id: 1)) { try probe.read("/public.txt") }
        #expect(throws: TestFailure(id: 2)) { try probe.read("/public.txt") }
        #expect(try probe.read("/public.txt") == bytes("public"))
        #expect(throws: TestFailure(id: 3)) { try probe.read("/secret.txt") }
    }

    @Test("a later fault that is not yet due does not hide an earlier one")
    func notYetDueFaultIsSkipped() throws {
        world.inject(Fault(TestFailure(id: 1), operation: .read, onCall: 2))
        world.inject(Fault(TestFailure(id: 2), operation: .read, repeats: .once))
        #expect(throws: TestFailure(id: 2)) { try probe.read("/public.txt") }
        #expect(throws: TestFailure(id: 1)) { try probe.read("/public.txt") }
    }

    @Test("a faulted mutating call changes nothing and is not counted as a mutation")
    func faultedMutationChangesNothing() throws {
        world.inject(Fault(TestFailure(id: 7), operation: .write, repeats: .once))
        let before = world.withTree { $0.snapshot }
        #expect(throws: TestFailure(id: 7)) { try probe.write("x", to: "/public.txt") }
        #expect(world.withTree { $0.snapshot } == before)
        #expect(world.mutationCount == 0)
    }

    @Test("clearFaults removes every fault")
    func clearFaults() throws {
        world.inject(Fault(TestFailure(id: 8)))
        #expect(throws: TestFailure(id: 8)) { try probe.read("/public.txt") }
        world.clearFaults()
        #expect(try probe.read("/public.txt") == bytes("public"))
        try probe.write("x", to: "/public.txt")
        #expect(try probe.read("/public.txt") == bytes("x"))
    }

    @Test("withTree bypasses faults")
    func withTreeBypassesFaults() throws {
        world.inject(Fault(TestFailure(id: 9)))
        #expect(try world.withTree { try $0.readFile(at: key("/public.txt")) } == bytes("public"))
    }

    @Test("an error the tree throws passes through perform unchanged")
    func treeErrorsPassThrough() {
        expectPOSIXError(.ENOENT) { _ = try probe.read("/missing.txt") }
        expectPOSIXError(.EISDIR) { _ = try probe.read("/") }
    }
}
