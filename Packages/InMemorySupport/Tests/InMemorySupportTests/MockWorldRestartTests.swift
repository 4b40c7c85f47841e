import Foundation
import InMemorySupport
import Testing

@Suite("MockWorld restartCount", .tags(.small))
struct MockWorldRestartTests {
    let world = MockWorld()

    @Test("a new world has run no restart")
    func startsAtZero() {
        #expect(world.restartCount == 0)
    }

    @Test("every restart counts, crashed or not")
    func countsEveryRestart() throws {
        world.restart()
        #expect(world.restartCount == 1)
        world.crash(atMutation: 1)
        #expect(world.restartCount == 1)
        world.restart()
        #expect(world.restartCount == 2)
    }

    @Test("restarts leave the tree, the journal and the mutation count alone")
    func keepsTheWorld() throws {
        let probe = Probe(world: world)
        try probe.write("kept", to: "/kept")
        world.restart()
        #expect(try probe.read("/kept") == bytes("kept"))
        #expect(world.journal.map(\.operation) == [.write, .read])
        #expect(world.mutationCount == 1)
    }
}
