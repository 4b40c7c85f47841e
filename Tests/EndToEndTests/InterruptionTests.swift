import Foundation
import Testing

/// synccli killed mid-sync, run twice at once, and racing a writer: nothing is lost, and a full
/// run afterwards converges.
@Suite("synccli under interruption and concurrency")
struct InterruptionTests: OneMachineSuite {
    let scene: OneMachine

    init() throws {
        scene = try OneMachine()
    }

    var pairRoot: URL { world.container.appending(path: "docs") }

    func populate(_ count: Int, tag: String) throws {
        for index in 0..<count {
            try write(
                "\(tag) \(index) " + String(repeating: "x", count: index % 50),
                to: docs.appending(path: "d\(index % 20)/f\(index).txt"))
        }
    }

    func start(_ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = try CLI.requireBinary()
        process.arguments = arguments
        process.environment = alpha.environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    @Test("kill -9 at several points, then a full run: converges and loses nothing", arguments: [0.02, 0.05, 0.1, 0.2])
    func killNine(after delay: Double) throws {
        try populate(600, tag: "first")
        #expect(try CLI.run(["sync", docs.path, "--container", world.container.path], as: alpha).code == 0)
        try populate(600, tag: "second")
        for index in stride(from: 0, to: 600, by: 7) {
            try? FileManager.default.removeItem(at: docs.appending(path: "d\(index % 20)/f\(index).txt"))
        }
        let expected = World.files(in: docs)
        let process = try start(["sync", docs.path, "--container", world.container.path, "--max-delete", "100"])
        Thread.sleep(forTimeInterval: delay)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let rerun = try CLI.run(
            ["sync", docs.path, "--container", world.container.path, "--max-delete", "100"], as: alpha)
        #expect(rerun.code == 0, "\(rerun.err)")
        #expect(World.files(in: docs) == expected, "the local side changed")
        #expect(World.files(in: pairRoot) == expected, "the container did not converge")
        // The rerun removes what the killed sync staged on both sides of the pair.
        let leftovers = [docs, pairRoot].flatMap { World.files(in: $0, includingOwn: true).keys }
            .filter { $0.contains(".synccli-tmp-") }
        #expect(leftovers.isEmpty, "\(leftovers)")
        let idle = try CLI.run(["sync", docs.path, "--container", world.container.path, "--json"], as: alpha)
        #expect(idle.out.contains("\"copied\" : 0"))
    }

    @Test("two syncs of one pair at once: one runs, the other is refused with exit 5 or waits its turn")
    func twoAtOnce() throws {
        try populate(800, tag: "busy")
        let first = try start(["sync", docs.path, "--container", world.container.path])
        let second = try start(["sync", docs.path, "--container", world.container.path])
        first.waitUntilExit()
        second.waitUntilExit()
        let codes = [first.terminationStatus, second.terminationStatus].sorted()
        #expect(codes == [0, 0] || codes == [0, 5], "exit codes \(codes)")
        #expect(try CLI.run(["sync", docs.path, "--container", world.container.path], as: alpha).code == 0)
        #expect(World.files(in: pairRoot) == World.files(in: docs))
    }

    @Test("a file that grows during the sync is never committed torn, and the next run catches up")
    func growingFile() throws {
        try populate(300, tag: "base")
        let growing = docs.appending(path: "growing.log")
        try write("start\n", to: growing)
        let finished = DispatchSemaphore(value: 0)
        let writer = Thread {
            defer { finished.signal() }
            guard let handle = try? FileHandle(forWritingTo: growing) else { return }
            for line in 0..<400 {
                handle.seekToEndOfFile()
                handle.write(Data("line \(line)\n".utf8))
                Thread.sleep(forTimeInterval: 0.0005)
            }
            try? handle.close()
        }
        writer.start()
        let result = try CLI.run(["sync", docs.path, "--container", world.container.path], as: alpha)
        #expect(result.code == 0 || result.code == 1, "\(result.err)")
        if let copied = read(pairRoot.appending(path: "growing.log")) {
            #expect(copied.hasPrefix("start\n") && copied.hasSuffix("\n"), "a torn copy was committed")
        }
        finished.wait()  // the writer is done: the next run must catch up with what it wrote
        #expect(try CLI.run(["sync", docs.path, "--container", world.container.path], as: alpha).code == 0)
        #expect(read(pairRoot.appending(path: "growing.log")) == read(growing))
    }
}
