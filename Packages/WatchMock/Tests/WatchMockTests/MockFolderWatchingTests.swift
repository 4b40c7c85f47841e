import Foundation
import InMemorySupport
import Testing
import WatchInterface
import WatchMock

@Suite("MockFolderWatching: delivery, faults, overflow and the journal")
struct MockFolderWatchingTests {
    let world = MockWorld()
    let root = URL(filePath: "/data/pair")

    init() throws {
        try world.withTree { try $0.makeDirectory(at: PathKey(path: "/data/pair"), intermediate: true) }
    }

    func write(_ path: String) throws {
        try world.withTree { try $0.writeFile(Data(path.utf8), at: PathKey(path: "/data/pair/" + path)) }
    }

    @Test("a fault aimed at watchFolder fails the watch with that error, and nothing runs")
    func faultOnWatch() throws {
        let watching = MockFolderWatching(world: world)
        world.inject(Fault(WatchError.unavailable("no more watches"), operation: .watchFolder, repeats: .once))
        #expect(throws: WatchError.unavailable("no more watches")) { try watching.watch(root) { _ in } }
        #expect(watching.activeRoots.isEmpty)
        let watch = try watching.watch(root) { _ in }
        #expect(watching.activeRoots == [root])
        watch.stop()
        #expect(watching.calls.map(\.operation) == [.watchFolder, .watchFolder, .stopWatch])
        #expect(watching.calls[0].outcome == .failed(WatchError.unavailable("no more watches").description))
    }

    @Test("watching changes nothing: it is no mutation for a crash schedule, and counts none")
    func watchIsNoMutation() throws {
        let watching = MockFolderWatching(world: world)
        world.crash(atMutation: 1)  // the next change of the world would crash
        let watch = try watching.watch(root) { _ in }
        #expect(watching.activeRoots == [root])
        #expect(world.mutationCount == 0)
        watch.stop()
    }

    @Test("nothing is delivered until the test says so, then each change once, in path order")
    func deliversOnRequest() throws {
        let watching = MockFolderWatching(world: world)
        let log = EventLog()
        let watch = try watching.watch(root, onEvent: log.handler)
        defer { watch.stop() }
        try write("b.txt")
        try write("a.txt")
        #expect(log.events.isEmpty)
        watching.deliverChanges()
        #expect(log.events == [.changed(path: "a.txt"), .changed(path: "b.txt")])
        watching.deliverChanges()
        #expect(log.events.count == 2)
    }

    @Test("more changes than the queue limit are one overflow, as the kernel's queue overflows")
    func overflow() throws {
        let watching = MockFolderWatching(world: world, queueLimit: 3)
        let log = EventLog()
        let watch = try watching.watch(root, onEvent: log.handler)
        defer { watch.stop() }
        for index in 0..<3 { try write("f\(index)") }
        watching.deliverChanges()
        #expect(log.events.count == 3)
        for index in 0..<4 { try write("g\(index)") }
        watching.deliverChanges()
        #expect(log.events.last == .overflow)
        #expect(log.events.count == 4)
    }

    @Test("emit reaches the watches of that root only, and an emitted end stops them")
    func emit() throws {
        try world.withTree { try $0.makeDirectory(at: PathKey(path: "/data/other")) }
        let watching = MockFolderWatching(world: world)
        let mine = EventLog()
        let other = EventLog()
        let watch = try watching.watch(root, onEvent: mine.handler)
        let otherWatch = try watching.watch(URL(filePath: "/data/other"), onEvent: other.handler)
        defer { otherWatch.stop() }
        watching.emit(.unwatched(path: "deep", reason: "No space left on device"), under: root)
        watching.emit(.ended(reason: "unmounted"), under: root)
        watching.emit(.overflow, under: root)
        #expect(
            mine.events == [.unwatched(path: "deep", reason: "No space left on device"), .ended(reason: "unmounted")])
        #expect(other.events.isEmpty)
        #expect(watching.activeRoots == [URL(filePath: "/data/other")])
        watch.stop()
    }

    @Test("a fault on stop is journaled and the watch stops anyway")
    func faultOnStop() throws {
        let watching = MockFolderWatching(world: world)
        let log = EventLog()
        let watch = try watching.watch(root, onEvent: log.handler)
        world.inject(Fault(CocoaError(.fileReadUnknown), operation: .stopWatch))
        watch.stop()
        try write("late")
        watching.deliverChanges()
        #expect(log.events.isEmpty)
        #expect(watching.calls.last?.operation == .stopWatch)
        #expect(watching.calls.last?.outcome != .succeeded)
    }
}
