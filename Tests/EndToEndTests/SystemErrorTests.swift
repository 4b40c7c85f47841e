import Foundation
import Testing

/// Real system errors, end to end: a full disk and an unreadable file each give one line per
/// path, exit 1, and lose nothing. They need root (to mount a tiny tmpfs, or to drop to another
/// user); elsewhere they are skipped.
@Suite("synccli on a full disk and with unreadable files", .enabled(if: getuid() == 0))
struct SystemErrorTests: OneMachineSuite {
    let scene: OneMachine

    init() throws {
        scene = try OneMachine()
    }

    static func run(_ tool: String, _ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(filePath: tool)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }

    @Test(
        "a full container disk fails the big file at once with one line, keeps the rest, and leaves no temporary file")
    func fullDisk() throws {
        let small = world.root.appending(path: "small-disk")
        try FileManager.default.createDirectory(at: small, withIntermediateDirectories: true)
        guard Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=256k", "tmpfs", small.path]) == 0 else { return }
        defer { _ = Self.run("/bin/umount", [small.path]) }
        try write("small", to: docs.appending(path: "small.txt"))
        try Data(repeating: 7, count: 1 << 20).write(to: docs.appending(path: "big.bin"))
        let result = try CLI.run(["sync", docs.path, "--container", small.path], as: alpha)
        #expect(result.code == 1, "\(result.err)")
        let lines = result.err.split(separator: "\n")
        // Refused before a byte is written (the container is on another file system), so the
        // small file beside it always has room: whichever copy starts first.
        #expect(
            lines.count == 1 && lines[0].contains("big.bin") && lines[0].contains("is free on this side"),
            "\(result.err)")
        #expect(read(small.appending(path: "docs/small.txt")) == "small")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: small.appending(path: "docs").path)
        #expect(!leftovers.contains { $0.hasPrefix(".synccli-tmp-") }, "\(leftovers)")
        #expect(FileManager.default.contents(atPath: docs.appending(path: "big.bin").path)?.count == 1 << 20)
    }

    @Test("an unreadable file fails with one line naming it; the others sync and nothing is lost")
    func unreadableFile() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else { return }
        try write("readable", to: docs.appending(path: "ok.txt"))
        try write("secret", to: docs.appending(path: "locked.txt"))
        #expect(Self.run("/bin/chown", ["-R", "65534:65534", world.root.path]) == 0)
        try FileManager.default.setAttributes([.posixPermissions: 0o711], ofItemAtPath: world.root.path)
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o000], ofItemAtPath: docs.appending(path: "locked.txt").path)
        let prefix = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
        let result = try CLI.run(["sync", docs.path, "--container", world.container.path], as: alpha, prefix: prefix)
        #expect(result.code == 1, "\(result.err)")
        let lines = result.err.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains("locked.txt"), "\(result.err)")
        #expect(read(world.container.appending(path: "docs/ok.txt")) == "readable")
        #expect(!FileManager.default.fileExists(atPath: world.container.appending(path: "docs/locked.txt").path))
        #expect(read(docs.appending(path: "locked.txt")) == "secret")
    }
}
