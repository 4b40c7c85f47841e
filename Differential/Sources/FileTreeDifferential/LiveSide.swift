public import FileTreeInterface
import FileTreeLive
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The Live trio in a fresh folder under `/dev/shm` (a `tmpfs`, so a commit's `syncfs` costs
/// nothing), or under the temporary folder where there is none. Set-up uses plain system calls
/// on raw byte paths, never the implementations under test; the folder is removed on release.
public final class LiveSide: TreeSide {
    public let name = "Live"
    public let scanner: any TreeScanning
    public let mutator: any TreeMutating
    public let copier: any FileCopying
    public let basePath: String

    /// Creates the base folder with `root`, `other` and `outside`, and a trio sharing one set of
    /// root descriptors (as synccli wires them).
    /// - Throws: ``SetupFailure`` when the folders cannot be made.
    public init() throws {
        let shm = "/dev/shm"
        let parent = access(shm, W_OK) == 0 ? shm : NSTemporaryDirectory()
        var trimmed = Substring(parent)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        basePath = String(trimmed) + "/differential-\(UUID().uuidString)"
        let roots = RootDescriptors()
        scanner = POSIXTreeScanner(roots: roots)
        mutator = POSIXTreeMutator(syncingEachChange: false, roots: roots)
        copier = POSIXFileCopier(roots: roots)
        try Self.check(mkdir(basePath, 0o755), "mkdir", basePath)
        for folder in ["root", "other", "outside"] {
            try apply(.folder(folder))
        }
    }

    deinit {
        Self.removeTree(Array(basePath.utf8))
    }

    public func apply(_ step: Step) throws {
        switch step {
        case .file(let path, let contents, let permissions, let modified):
            try Self.requireAccess(permissions, needing: 0o600, "a file")
            try makeFile(bytes(path), contents: Array(contents.utf8), permissions: permissions, modified: modified)
        case .folder(let path, let permissions):
            try Self.requireAccess(permissions, needing: 0o700, "a folder")
            try makeFolder(bytes(path), permissions: permissions)
        case .link(let path, let target):
            let expanded = target.replacingOccurrences(of: "$BASE", with: basePath)
            try Self.check(withC(bytes(path)) { symlink(expanded, $0) }, "symlink", path)
        case .hardLink(let path, let existing):
            let to = bytes(existing)
            try Self.check(withC(bytes(path)) { new in Self.withC(to) { link($0, new) } }, "link", path)
        case .rawLink(let path, let target):
            try Self.check(withC(bytes(path)) { new in Self.withC(target) { symlink($0, new) } }, "symlink", path)
        case .rawFile(let folder, let name):
            try makeFile(
                bytes(folder) + [UInt8(ascii: "/")] + name, contents: Array("raw".utf8), permissions: 0o644,
                modified: Times.first)
        case .rawFolder(let folder, let name):
            try makeFolder(bytes(folder) + [UInt8(ascii: "/")] + name, permissions: 0o755)
        case .fifo(let path):
            try Self.check(withC(bytes(path)) { mkfifo($0, 0o644) }, "mkfifo", path)
        case .socket(let path):
            try makeSocket(bytes(path), shown: path)
        case .characterDevice(let path):
            guard geteuid() == 0 else { throw CannotModel("making a device needs root (mknod)") }
            let device = dev_t(1 << 8 | 3)  // 1:3, /dev/null
            try Self.check(withC(bytes(path)) { mknod($0, S_IFCHR | 0o666, device) }, "mknod", path)
        case .onlyAsRoot(let reason):
            if geteuid() != 0 { throw CannotModel(reason + " (run as root)") }
        case .remove(let path):
            Self.removeTree(bytes(path))
        case .rename(let path, let destination):
            let to = bytes(destination)
            try Self.check(withC(bytes(path)) { from in Self.withC(to) { rename(from, $0) } }, "rename", path)
        }
    }

    // MARK: Set-up calls

    private func makeFile(_ path: [UInt8], contents: [UInt8], permissions: UInt32, modified: Int64) throws {
        let shown = String(decoding: path, as: UTF8.self)
        let fd = withC(path) { open($0, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600) }
        try Self.check(fd, "open", shown)
        defer { close(fd) }
        let written = contents.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        try Self.check(written == contents.count ? 0 : -1, "write", shown)
        try Self.check(fchmod(fd, mode_t(permissions)), "fchmod", shown)
        // Floor division: a time before 1970 has a negative second and a positive nanosecond part.
        let nanoseconds = ((modified % 1_000_000_000) + 1_000_000_000) % 1_000_000_000
        let seconds = (modified - nanoseconds) / 1_000_000_000
        var times = [
            timespec(tv_sec: Int(seconds), tv_nsec: Int(nanoseconds)),
            timespec(tv_sec: Int(seconds), tv_nsec: Int(nanoseconds)),
        ]
        try Self.check(futimens(fd, &times), "futimens", shown)
    }

    private func makeFolder(_ path: [UInt8], permissions: UInt32) throws {
        let shown = String(decoding: path, as: UTF8.self)
        try Self.check(withC(path) { mkdir($0, 0o700) }, "mkdir", shown)
        try Self.check(withC(path) { chmod($0, mode_t(permissions)) }, "chmod", shown)
    }

    private func makeSocket(_ path: [UInt8], shown: String) throws {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        try Self.check(fd, "socket", shown)
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard path.count < capacity else { throw SetupFailure(call: "bind", path: shown, code: ENAMETOOLONG) }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in path.enumerated() { buffer[index] = byte }
            buffer[path.count] = 0
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        try Self.check(bound, "bind", shown)
    }

    // MARK: Helpers

    /// The in-memory world has no users: it reads and writes whatever the bits say, as root does
    /// on disk. As another user, a case with an entry its owner may not use is not run here.
    private static func requireAccess(_ permissions: UInt32, needing bits: UInt32, _ what: String) throws {
        guard geteuid() != 0, permissions & bits != bits else { return }
        throw CannotModel("\(what) of mode 0o\(String(permissions, radix: 8)) is usable only by root (run as root)")
    }

    /// The absolute path of `relative` below the base folder, as bytes.
    private func bytes(_ relative: String) -> [UInt8] {
        Array(basePath.utf8) + [UInt8(ascii: "/")] + Array(relative.utf8)
    }

    private func withC<T>(_ path: [UInt8], _ body: ([CChar]) -> T) -> T {
        Self.withC(path, body)
    }

    /// Runs `body` with `path` as a NUL-terminated C string (passed on as a pointer).
    private static func withC<T>(_ path: [UInt8], _ body: ([CChar]) -> T) -> T {
        body(path.map { CChar(bitPattern: $0) } + [0])
    }

    private static func check(_ result: Int32, _ call: String, _ path: String) throws {
        if result < 0 { throw SetupFailure(call: call, path: path, code: errno) }
    }

    /// Removes `path` and everything below it, by raw names, never following a link, one folder
    /// at a time from descriptors (so a tree deeper than `PATH_MAX` goes too).
    static func removeTree(_ path: [UInt8]) {
        guard let slash = path.lastIndex(of: UInt8(ascii: "/")) else { return }
        let parentPath = slash == 0 ? [UInt8(ascii: "/")] : Array(path[..<slash])
        let parent = withC(parentPath) { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard parent >= 0 else { return }
        defer { close(parent) }
        removeEntry(Array(path[(slash + 1)...]), in: parent)
    }

    private static func removeEntry(_ name: [UInt8], in parent: Int32) {
        var status = stat()
        guard withC(name, { fstatat(parent, $0, &status, AT_SYMLINK_NOFOLLOW) }) == 0 else { return }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            _ = withC(name) { unlinkat(parent, $0, 0) }
            return
        }
        let folder = withC(name) { openat(parent, $0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
        if folder >= 0 {
            _ = fchmod(folder, 0o700)
            var names: [[UInt8]] = []
            let listing = dup(folder)
            if listing >= 0, let stream = fdopendir(listing) {
                while let entry = readdir(stream) {
                    let child = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
                    if child != [UInt8(ascii: ".")] && child != [UInt8(ascii: "."), UInt8(ascii: ".")] {
                        names.append(child)
                    }
                }
                closedir(stream)
            } else if listing >= 0 {
                close(listing)
            }
            for child in names { removeEntry(child, in: folder) }
            close(folder)
        }
        _ = withC(name) { unlinkat(parent, $0, AT_REMOVEDIR) }
    }
}

/// A set-up call that failed on the Live side: the case's world could not be built.
public struct SetupFailure: Error, Sendable, CustomStringConvertible {
    /// The system call.
    public let call: String
    /// The path it was about.
    public let path: String
    /// Its `errno`.
    public let code: Int32

    public var description: String { "\(call) \(path): errno \(code)" }
}
