import Foundation

/// A small tmpfs mounted on a test's folder: another file system, of a size the test chooses.
/// Mounting needs root (CAP_SYS_ADMIN); the tests that use it are enabled only as root.
enum ScratchDisk {
    /// Mounts a tmpfs of `size` (`mount`'s form: "64k", "1m") on `folder`; false where mounting
    /// is not allowed.
    static func mount(size: String, on folder: URL) -> Bool {
        run("/usr/bin/mount", ["-t", "tmpfs", "-o", "size=\(size)", "tmpfs", folder.path])
    }

    /// Unmounts what ``mount(size:on:)`` mounted on `folder`.
    static func unmount(_ folder: URL) {
        _ = run("/usr/bin/umount", [folder.path])
    }

    /// Runs a command; true when it exited 0.
    private static func run(_ tool: String, _ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(filePath: tool)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
