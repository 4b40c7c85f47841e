import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A real WebDAV server on 127.0.0.1, started on a free port in a temporary folder of its own and
/// stopped (and its folder removed) by ``stop()``; what it serves is the folder ``root`` on disk.
///
/// Adapted from `LocalServer` in `Packages/NetworkLive/Tests/NetworkLiveTests/Support/LocalServer.swift`
/// (and its `Support/Sockets.swift`): the same configurations and the same start and stop, plus
/// the folder the server serves, so that end-to-end tests can look at the server's disk.
final class WebDAVServer: Sendable {
    enum Kind: String, Sendable, CaseIterable, CustomStringConvertible {
        case lighttpd
        case rclone

        var description: String { rawValue }

        /// The executable, looked up on PATH and in the sbin folders.
        var executable: URL? {
            let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
            let folders =
                path.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/sbin", "/usr/local/sbin", "/sbin"]
            return folders.map { URL(filePath: $0).appending(path: rawValue) }
                .first { FileManager.default.isExecutableFile(atPath: $0.path) }
        }

        /// What to install when it is missing.
        var packages: String {
            switch self {
            case .lighttpd: "lighttpd lighttpd-mod-webdav"
            case .rclone: "rclone"
            }
        }

        /// Whether the server can run here: the executable (and for lighttpd, its WebDAV module).
        var isInstalled: Bool {
            guard executable != nil else { return false }
            if self == .lighttpd {
                return [
                    "/usr/lib/lighttpd/mod_webdav.so", "/usr/local/lib/lighttpd/mod_webdav.so",
                    "/usr/lib64/lighttpd/mod_webdav.so",
                ]
                .contains { FileManager.default.fileExists(atPath: $0) }
            }
            return true
        }

        /// Whether tests against it run: when it is installed, and always in CI, where a missing
        /// server must fail rather than skip. Prints what is missing when it skips.
        var shouldRun: Bool {
            if isInstalled { return true }
            if ProcessInfo.processInfo.environment["CI"].map({ !$0.isEmpty && $0 != "false" && $0 != "0" }) == true {
                return true
            }
            print(
                "skipped: \(rawValue) is not installed (apt-get install -y \(packages)); with CI set this fails instead"
            )
            return false
        }

        /// The servers the tests run against (each skipped one said so once).
        static let runnable: [Kind] = allCases.filter(\.shouldRun)
    }

    let kind: Kind
    /// `http://127.0.0.1:<port>/`.
    let base: URL
    /// The server's own temporary folder (configuration, uploads, logs and ``root``).
    let folder: URL
    private let process: Process
    private let stopped = Mutex(false)

    /// The folder the server serves: what a client sees at ``base``.
    var root: URL { folder.appending(path: "root", directoryHint: .isDirectory) }

    private init(kind: Kind, base: URL, folder: URL, process: Process) {
        self.kind = kind
        self.base = base
        self.folder = folder
        self.process = process
    }

    struct Missing: Error, CustomStringConvertible {
        let kind: Kind
        var description: String {
            "\(kind) is not installed: apt-get install -y \(kind.packages) (.ci/run installs it)"
        }
    }

    struct NotStarted: Error, CustomStringConvertible {
        let description: String
    }

    /// Starts a server and waits until it accepts connections.
    /// - Throws: ``Missing`` when it is not installed, ``NotStarted`` when it does not come up.
    static func start(_ kind: Kind) throws -> WebDAVServer {
        guard kind.isInstalled, let executable = kind.executable else { throw Missing(kind: kind) }
        let folder = FileManager.default.temporaryDirectory.appending(
            path: "synccli-webdav-\(kind)-\(UUID().uuidString)")
        let root = folder.appending(path: "root")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder.appending(path: "up"), withIntermediateDirectories: true)
        let port = try freePort()
        let process = Process()
        process.executableURL = executable
        switch kind {
        case .lighttpd:
            let config = folder.appending(path: "lighttpd.conf")
            try """
            server.document-root = "\(root.path)"
            server.bind          = "127.0.0.1"
            server.port          = \(port)
            server.upload-dirs   = ( "\(folder.appending(path: "up").path)" )
            server.errorlog      = "\(folder.appending(path: "error.log").path)"
            server.modules       = ( "mod_staticfile", "mod_webdav" )
            webdav.activate      = "enable"
            mimetype.assign      = ( "" => "application/octet-stream" )
            server.max-read-idle = 5
            """.write(to: config, atomically: true, encoding: .utf8)
            process.arguments = ["-D", "-f", config.path]
        case .rclone:
            process.arguments = [
                "serve", "webdav", root.path, "--addr", "127.0.0.1:\(port)", "--config",
                folder.appending(path: "rclone.conf").path,
            ]
        }
        let log = FileHandle(forWritingAtPath: "/dev/null")
        process.standardOutput = log
        process.standardError = log
        try process.run()
        let server = WebDAVServer(
            kind: kind, base: URL(string: "http://127.0.0.1:\(port)/")!, folder: folder, process: process)
        guard waitUntilAccepting(port: port, while: { process.isRunning }) else {
            server.stop()
            throw NotStarted(description: "\(kind) did not accept connections on 127.0.0.1:\(port)")
        }
        return server
    }

    /// Stops the server and removes its folder (once: a second call does nothing).
    ///
    /// The server inherits the test runner's blocked signals (SIGTERM among them), so it gets
    /// SIGKILL; its folder is thrown away anyway. `Process.waitUntilExit` spins a run loop and can
    /// hang forever inside an async test on Linux, so this polls `isRunning` instead.
    func stop() {
        guard
            !stopped.withLock({ done in
                defer { done = true }
                return done
            })
        else { return }
        kill(process.processIdentifier, SIGKILL)
        for _ in 0..<1000 where process.isRunning {
            usleep(10_000)
        }
        try? FileManager.default.removeItem(at: folder)
    }
}

/// An HTTP server on 127.0.0.1 that is no WebDAV server: it answers every request, whatever its
/// method (PROPFIND included), with `200 OK` and a small HTML page, as a web site or a captive
/// portal would. A python3 script of a few lines; stopped by ``stop()``.
final class HTMLServer: Sendable {
    let base: URL
    private let process: Process

    private init(base: URL, process: Process) {
        self.base = base
        self.process = process
    }

    private static let script = """
        import http.server, sys
        class Page(http.server.BaseHTTPRequestHandler):
            def answer(self):
                length = int(self.headers.get("Content-Length") or 0)
                if length: self.rfile.read(length)
                body = b"<!DOCTYPE html><html><head><title>Welcome</title></head><body><p>It works!</p></body></html>"
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                if self.command != "HEAD": self.wfile.write(body)
            def __getattr__(self, name):
                if name.startswith("do_"): return self.answer
                raise AttributeError(name)
            def log_message(self, *args): pass
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Page)
        print(server.server_address[1], flush=True)
        server.serve_forever()
        """

    /// Starts the server; returns once it listens (it prints its port when it does).
    /// - Throws: ``WebDAVServer/NotStarted`` when python3 is missing or says no port.
    static func start() throws -> HTMLServer {
        let candidates =
            ["/usr/bin/python3", "/usr/local/bin/python3"]
            + (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/python3" }
        guard let python = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw WebDAVServer.NotStarted(description: "python3 is not installed")
        }
        let process = Process()
        process.executableURL = URL(filePath: python)
        process.arguments = ["-c", script]
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
        guard let port = UInt16(String(decoding: line, as: UTF8.self)),
            let base = URL(string: "http://127.0.0.1:\(port)/")
        else {
            kill(process.processIdentifier, SIGKILL)
            throw WebDAVServer.NotStarted(description: "the HTML server did not say its port")
        }
        return HTMLServer(base: base, process: process)
    }

    /// Stops the server (SIGKILL: see ``WebDAVServer/stop()``).
    func stop() {
        kill(process.processIdentifier, SIGKILL)
        for _ in 0..<1000 where process.isRunning {
            usleep(10_000)
        }
    }
}

// MARK: - Sockets (from NetworkLive's test support, `Support/Sockets.swift`)

struct SocketError: Error, CustomStringConvertible {
    let description: String
}

/// A socket bound to 127.0.0.1 on a port the kernel picked.
func boundSocket() throws -> (Int32, UInt16) {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw SocketError(description: "socket: \(errno)") }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
    }
    guard bound == 0 else {
        _ = close(descriptor)
        throw SocketError(description: "bind: \(errno)")
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let named = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
    }
    guard named == 0 else {
        _ = close(descriptor)
        throw SocketError(description: "getsockname: \(errno)")
    }
    return (descriptor, UInt16(bigEndian: address.sin_port))
}

/// A port on 127.0.0.1 that was free a moment ago (nothing listens on it now).
func freePort() throws -> UInt16 {
    let (descriptor, port) = try boundSocket()
    _ = close(descriptor)
    return port
}

/// Waits until something accepts connections on 127.0.0.1:`port`, while `alive` holds; gives up
/// after 30 s. Set-up only: no test asserts on how long it took.
func waitUntilAccepting(port: UInt16, while alive: () -> Bool) -> Bool {
    for _ in 0..<3000 {
        guard alive() else { return false }
        if canConnect(port: port) { return true }
        usleep(10_000)
    }
    return false
}

private func canConnect(port: UInt16) -> Bool {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { return false }
    defer { _ = close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = port.bigEndian
    return withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
    } == 0
}
