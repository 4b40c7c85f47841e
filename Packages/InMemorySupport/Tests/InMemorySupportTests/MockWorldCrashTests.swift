import Foundation
import InMemorySupport
import Testing

@Suite("MockWorld crash(atMutation:)", .tags(.small))
struct MockWorldCrashTests {
    let world = MockWorld()
    var probe: Probe { Probe(world: world) }

    @Test("mutations before step K succeed; step K and every later one throw MockCrash")
    func crashAtStep() throws {
        world.crash(atMutation: 3)
        try probe.write("1", to: "/one")
        try probe.write("2", to: "/two")
        #expect(throws: MockCrash(step: 3)) { try probe.write("3", to: "/three") }
        #expect(throws: MockCrash(step: 3)) { try probe.remove("/one") }
        #expect(throws: MockCrash(step: 3)) { try probe.write("4", to: "/two") }
        #expect(world.mutationCount == 2)
    }

    @Test("crashed mutations change nothing, not even the clock")
    func crashedMutationsChangeNothing() throws {
        try probe.write("1", to: "/one")
        world.crash(atMutation: 2)
        let before = world.withTree { $0.snapshot }
        #expect(throws: MockCrash(step: 2)) { try probe.write("changed", to: "/one") }
        #expect(throws: MockCrash(step: 2)) { try probe.remove("/one") }
        #expect(throws: MockCrash(step: 2)) { try probe.write("new", to: "/new") }
        #expect(world.withTree { $0.snapshot } == before)
    }

    @Test("non-mutating calls still work while crashed")
    func readsWorkWhileCrashed() throws {
        try probe.write("1", to: "/one")
        world.crash(atMutation: 1)
        #expect(try probe.read("/one") == bytes("1"))
        #expect(try probe.list("/") == ["one"])
        expectPOSIXError(.ENOENT) { _ = try probe.read("/missing") }
    }

    @Test("restart ends the crash, and mutations count on from where they stopped")
    func restartEndsCrash() throws {
        world.crash(atMutation: 2)
        try probe.write("1", to: "/one")
        #expect(throws: MockCrash(step: 2)) { try probe.write("2", to: "/two") }
        world.restart()
        try probe.write("2", to: "/two")
        #expect(try probe.read("/two") == bytes("2"))
        #expect(world.mutationCount == 2)
    }

    @Test(
        "steps count from the world's creation: a step already passed crashes the next mutation",
        arguments: [1, 2, 3])
    func stepAlreadyPassed(step: Int) throws {
        for index in 1...3 { try probe.write("\(index)", to: "/file\(index)") }
        world.crash(atMutation: step)
        #expect(throws: MockCrash(step: step)) { try probe.write("4", to: "/file4") }
        #expect(!probe.exists("/file4"))
    }

    @Test("a mutating call that fails is not a step")
    func failedMutationIsNotAStep() throws {
        world.crash(atMutation: 2)
        expectPOSIXError(.ENOENT) { try probe.write("x", to: "/missing/x") }
        expectPOSIXError(.ENOENT) { try probe.remove("/missing") }
        try probe.write("1", to: "/one")
        #expect(throws: MockCrash(step: 2)) { try probe.write("2", to: "/two") }
    }

    @Test("the crash wins over a fault, and crashed calls do not count towards the fault")
    func crashWinsOverFaults() throws {
        world.inject(Fault(TestFailure(id: 1), operation: .write, repeats: .once))
        world.crash(atMutation: 1)
        #expect(throws: MockCrash(step: 1)) { try probe.write("x", to: "/x") }
        #expect(throws: MockCrash(step: 1)) { try probe.write("x", to: "/x") }
        world.restart()
        #expect(throws: TestFailure(id: 1)) { try probe.write("x", to: "/x") }
        try probe.write("x", to: "/x")
        #expect(try probe.read("/x") == bytes("x"))
    }

    @Test("withTree still changes the tree while crashed, for test set-up")
    func withTreeIgnoresCrash() throws {
        world.crash(atMutation: 1)
        try world.withTree { try $0.writeFile(bytes("seed"), at: key("/seed")) }
        #expect(try probe.read("/seed") == bytes("seed"))
        #expect(world.mutationCount == 0)
    }

    @Test("MockCrash describes its step")
    func description() {
        #expect(MockCrash(step: 4).description == "simulated crash at mutating step 4")
        #expect(MockCrash(step: 4) != MockCrash(step: 5))
    }
}
