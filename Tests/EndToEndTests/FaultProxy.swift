import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The project's fault-injecting TCP proxy, `scripts/lib/fault_proxy.py`, run for one test on a
/// free port of 127.0.0.1 in front of a server: every connection is forwarded, and one that has
/// carried ``cutAfter`` bytes in ``direction`` is reset (RST, as a dropped link), for the first
/// ``cutCount`` connections that get that far (all of them when nil). Stopped by ``stop()``.
final class FaultProxy {
    enum Direction: String, CustomStringConvertible {
        /// Client to server (request bodies: uploads).
        case up
        /// Server to client (response bodies: downloads).
        case down

        var description: String { rawValue }
    }

    /// The port the proxy listens on.
    let port: UInt16
    private let process: Process
    private var stopped = false

    private init(port: UInt16, process: Process) {
        self.port = port
        self.process = process
    }

    /// The script, beside the package's sources.
    static let script = URL(filePath: #filePath).deletingLastPathComponent()
        .appending(path: "../../scripts/lib/fault_proxy.py").standardizedFileURL

    /// Starts the proxy; returns once it accepts connections (it prints its port when it does).
    /// - Throws: ``WebDAVServer/NotStarted`` when python3 or the script is missing, or the proxy
    ///   does not say its port.
    static func start(target: UInt16, cutAfter bytes: Int, direction: Direction, cutCount: Int?) throws -> FaultProxy {
        let candidates =
            ["/usr/bin/python3", "/usr/local/bin/python3"]
            + (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/python3" }
        guard let python = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw WebDAVServer.NotStarted(description: "python3 is not installed")
        }
        guard FileManager.default.fileExists(atPath: script.path) else {
            throw WebDAVServer.NotStarted(description: "\(script.path) is missing")
        }
        let process = Process()
        process.executableURL = URL(filePath: python)
        process.arguments =
            [
                script.path, "--target", "127.0.0.1:\(target)", "--cut-after", "\(bytes)", "--cut-direction",
                direction.rawValue,
            ]
            + (cutCount.map { ["--cut-count", "\($0)"] } ?? [])
        let said = Pipe()
        process.standardOutput = said
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        var line = Data()
        while true {
            let byte = said.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty || byte == Data("\n".utf8) { break }
            line.append(byte)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard text.hasPrefix("port "), let port = UInt16(text.dropFirst("port ".count)) else {
            kill(process.processIdentifier, SIGKILL)
            throw WebDAVServer.NotStarted(
                description: "the fault proxy did not say its port (it said \(text.debugDescription))")
        }
        return FaultProxy(port: port, process: process)
    }

    /// `url` with the proxy's port instead of its own.
    func routing(_ url: String) -> String {
        guard var parts = URLComponents(string: url) else { return url }
        parts.port = Int(port)
        return parts.string ?? url
    }

    /// Stops the proxy (SIGKILL: the test runner's blocked signals, SIGTERM among them, are
    /// inherited; see ``WebDAVServer/stop()``). A second call does nothing.
    func stop() {
        guard !stopped else { return }
        stopped = true
        kill(process.processIdentifier, SIGKILL)
        for _ in 0..<1000 where process.isRunning {
            usleep(10_000)
        }
    }

    deinit {
        stop()
    }
}
