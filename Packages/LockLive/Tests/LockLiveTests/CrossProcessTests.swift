import Foundation
import LockInterface
import LockLive
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("FileLock between processes")
struct CrossProcessTests {
    /// The LockHolder executable built beside the test bundle.
    static func holderTool() throws -> URL {
        let candidates = [
            URL(filePath: CommandLine.arguments[0]).deletingLastPathComponent(),
            URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../../.build/debug"),
        ]
        for folder in candidates {
            let tool = folder.appending(path: "LockHolder")
            if FileManager.default.isExecutableFile(atPath: tool.path) { return tool }
        }
        throw CocoaError(
            .fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "LockHolder not built; run swift build"])
    }

    /// Starts LockHolder on `folder` for the lock `name`, with its output in a pipe.
    static func start(_ folder: URL, _ name: String, holder: String) throws -> (Process, FileHandle) {
        let process = Process()
        process.executableURL = try holderTool()
        process.arguments = [folder.path(percentEncoded: false), name, holder]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        return (process, output.fileHandleForReading)
    }

    /// The first line `output` gives, or what it gave before it ended.
    static func firstLine(of output: FileHandle) -> String {
        var bytes = Data()
        while !bytes.contains(UInt8(ascii: "\n")) {
            let chunk = output.availableData
            if chunk.isEmpty { break }
            bytes.append(chunk)
        }
        return String(decoding: bytes.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
    }

    @Test("a lock held by another process is refused with its holder's text, and freed when it is killed")
    func killedHolder() throws {
        let home = try TemporaryFolder()
        let locks = home.url.appending(path: "locks", directoryHint: .isDirectory)
        let holderText = "LockHolder child \(UUID().uuidString)"
        let (child, output) = try Self.start(locks, "documents", holder: holderText)
        let watchdog = Watchdog(child)
        defer { watchdog.stop() }

        #expect(Self.firstLine(of: output) == "locked")
        #expect(throws: LockError.held(by: holderText)) {
            try FileLock(folder: locks).acquire("documents", holder: "test process")
        }
        try FileLock(folder: locks).acquire("another pair", holder: "test process").release()

        kill(child.processIdentifier, SIGKILL)
        child.waitUntilExit()
        #expect(child.terminationReason == .uncaughtSignal)
        let lock = try FileLock(folder: locks).acquire("documents", holder: "test process")
        lock.release()
    }

    @Test("another process is refused while this one holds the lock, and is told who holds it")
    func heldByThisProcess() throws {
        let home = try TemporaryFolder()
        let locks = home.url.appending(path: "locks", directoryHint: .isDirectory)
        let lock = try FileLock(folder: locks).acquire("documents", holder: "test process \(getpid())")
        let (child, output) = try Self.start(locks, "documents", holder: "child")
        let watchdog = Watchdog(child)
        defer { watchdog.stop() }
        #expect(Self.firstLine(of: output) == "held: test process \(getpid())")
        child.waitUntilExit()
        #expect(child.terminationStatus == 3)

        lock.release()
        let (second, secondOutput) = try Self.start(locks, "documents", holder: "child")
        let secondWatchdog = Watchdog(second)
        defer { secondWatchdog.stop() }
        #expect(Self.firstLine(of: secondOutput) == "locked")
    }
}

/// Kills a child process when the test ends, or after 60 seconds if the test hangs on it
/// (`SIGKILL`: a child may inherit a mask that blocks `SIGTERM`).
private final class Watchdog: Sendable {
    private let process: Process

    init(_ process: Process) {
        self.process = process
        DispatchQueue.global().asyncAfter(deadline: .now() + 60) { [process] in
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
    }

    func stop() {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }
}
