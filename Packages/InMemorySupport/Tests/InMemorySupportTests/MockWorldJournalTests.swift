import Foundation
import InMemorySupport
import Testing

@Suite("MockWorld journal", .tags(.small))
struct MockWorldJournalTests {
    let world = MockWorld()
    var probe: Probe { Probe(world: world) }

    @Test("every call is recorded in order, numbered from 1")
    func orderAndSequence() throws {
        try probe.write("a", to: "/a")
        _ = try probe.read("/a")
        _ = try probe.list("/")
        try probe.remove("/a")
        let journal = world.journal
        #expect(journal.map(\.sequence) == [1, 2, 3, 4])
        #expect(journal.map(\.operation) == [.write, .read, .list, .remove])
        #expect(journal.map { $0.url.path(percentEncoded: false) } == ["/a", "/a", "/", "/a"])
        #expect(journal.allSatisfy { $0.outcome == .succeeded })
    }

    @Test("a failed call is recorded with its error's description")
    func failureOutcome() throws {
        world.inject(Fault(TestFailure(id: 3), operation: .write, path: URL(filePath: "/b"), repeats: .once))
        world.crash(atMutation: 2)
        expectPOSIXError(.ENOENT) { _ = try probe.read("/missing") }
        #expect(throws: TestFailure(id: 3)) { try probe.write("b", to: "/b") }
        try probe.write("a", to: "/a")
        #expect(throws: MockCrash(step: 2)) { try probe.write("c", to: "/c") }
        #expect(
            world.journal.map(\.outcome) == [
                .failed(String(describing: POSIXError(.ENOENT))),
                .failed("test failure 3"),
                .succeeded,
                .failed("simulated crash at mutating step 2"),
            ])
        #expect(world.journal.map(\.sequence) == [1, 2, 3, 4])
    }

    @Test("the journal keeps the URL as the caller spelled it")
    func urlAsGiven() throws {
        try probe.write("a", to: "/a")
        _ = try probe.read("/./a")
        #expect(world.journal.last?.url == URL(filePath: "/./a"))
    }

    @Test("a record describes itself in one line")
    func recordDescription() throws {
        try probe.write("a", to: "/a")
        #expect(throws: TestFailure(id: 1)) {
            world.inject(Fault(TestFailure(id: 1), operation: .read))
            _ = try probe.read("/a")
        }
        #expect(world.journal.map(\.description) == ["#1 write /a ok", "#2 read /a failed: test failure 1"])
    }

    @Test("withTree is not recorded")
    func withTreeIsNotRecorded() throws {
        try world.withTree { try $0.writeFile(bytes("x"), at: key("/x")) }
        _ = try world.withTree { try $0.readFile(at: key("/x")) }
        #expect(world.journal.isEmpty)
    }

    @Test("clearJournal empties it and numbering starts again at 1")
    func clearJournal() throws {
        try probe.write("a", to: "/a")
        _ = try probe.read("/a")
        world.clearJournal()
        #expect(world.journal.isEmpty)
        _ = try probe.read("/a")
        #expect(world.journal.map(\.sequence) == [1])
        #expect(world.mutationCount == 1, "clearing the journal does not reset the mutation count")
    }

    @Test("perform returns what its body returns")
    func performReturnsBodyResult() throws {
        let answer = try world.perform(.read, url: URL(filePath: "/"), mutates: false) { _ in 42 }
        #expect(answer == 42)
        #expect(world.journal.count == 1)
    }

    @Test("MockOperation is a named, open set")
    func operationNames() {
        #expect(MockOperation.read.description == "read")
        #expect(MockOperation(rawValue: "write") == .write)
        #expect(MockOperation.read != .write)
    }
}
