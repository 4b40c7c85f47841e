import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A real WebDAV server on 127.0.0.1, started on a free port in a temporary folder of its own and
/// stopped (and its folder removed) by ``stop()``.
final class LocalServer: Sendable {
    enum Kind: String, Sendable, CustomStringConvertible {
        case lighttpd
        case rclone

        var description: String { rawValue }

        /// The executable, looked up on PATH and in the sbin folders.
        var executable: URL? {
            let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
            let folders = path.split(separator: ":").map(String.init) + ["/usr/sbin", "/usr/local/sbin", "/sbin"]
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

        /// Whether a suite against it runs: when it is installed, and always in CI, where a missing
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
    }

    let kind: Kind
    let base: URL
    let folder: URL
    private let process: Process

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
    static func start(_ kind: Kind) throws -> LocalServer {
        guard kind.isInstalled, let executable = kind.executable else { throw Missing(kind: kind) }
        let folder = FileManager.default.temporaryDirectory.appending(path: "webdav-\(kind)-\(UUID().uuidString)")
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
        let server = LocalServer(
            kind: kind, base: URL(string: "http://127.0.0.1:\(port)/")!, folder: folder, process: process)
        guard waitUntilAccepting(port: port, while: { process.isRunning }) else {
            server.stop()
            throw NotStarted(description: "\(kind) did not accept connections on 127.0.0.1:\(port)")
        }
        return server
    }

    /// Stops the server and removes its folder.
    ///
    /// The server inherits the test runner's blocked signals (SIGTERM among them), so it gets
    /// SIGKILL; its folder is thrown away anyway. `Process.waitUntilExit` spins a run loop and can
    /// hang forever inside an async test on Linux, so this polls `isRunning` instead.
    func stop() {
        kill(process.processIdentifier, SIGKILL)
        for _ in 0..<1000 where process.isRunning {
            usleep(10_000)
        }
        try? FileManager.default.removeItem(at: folder)
    }
}
