import FileSystemInterface
import FileSystemLive
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The configuration file is read like every file the tool reads for itself: no link followed,
/// no blocking open, a regular file under a limit, and anything else one sentence; the
/// container is then not available (never the default).
@Suite("DefaultFileSystemProvider refuses a configuration file that is not a small regular file")
struct ConfigurationFileRefusalTests {
    let home: TemporaryFolder
    let provider: DefaultFileSystemProvider

    init() throws {
        home = try TemporaryFolder()
        provider = DefaultFileSystemProvider(
            applicationName: "synccli",
            environment: [
                "HOME": home.url.path,
                "XDG_CONFIG_HOME": home.url.appending(path: "config").path,
                "XDG_DATA_HOME": home.url.appending(path: "data").path,
            ])
        try FileManager.default.createDirectory(
            at: provider.configurationFile.deletingLastPathComponent(), withIntermediateDirectories: true)
    }

    var file: String { provider.configurationFile.path(percentEncoded: false) }

    func expectRefused(_ reason: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(throws: ConfigurationError.unreadable(reason), sourceLocation: sourceLocation) {
            try provider.readConfiguration()
        }
        let resolution = provider.resolveContainer(for: .sync)
        #expect(resolution.url == nil, sourceLocation: sourceLocation)
        #expect(
            resolution.problem == "the configuration file \(file) cannot be read: \(reason)",
            sourceLocation: sourceLocation)
        #expect(
            !FileManager.default.fileExists(atPath: provider.defaultSyncContainer.path), sourceLocation: sourceLocation)
    }

    @Test("a FIFO is refused at once, without blocking")
    func fifo() {
        #expect(mkfifo(file, 0o600) == 0)
        expectRefused("is a FIFO, not a regular file; refused")
    }

    @Test("a symbolic link (to /dev/zero) is refused, never followed")
    func linkToDevZero() throws {
        try FileManager.default.createSymbolicLink(atPath: file, withDestinationPath: "/dev/zero")
        expectRefused("is a symbolic link; links are never followed")
    }

    @Test("a folder is refused in words")
    func folder() throws {
        try FileManager.default.createDirectory(atPath: file, withIntermediateDirectories: false)
        expectRefused("is a folder, not a file")
    }

    @Test("a sparse 1 GiB file is refused from its size, over the 1 MiB limit")
    func sparseGiB() throws {
        let fd = open(file, O_CREAT | O_WRONLY | O_CLOEXEC, 0o600)
        #expect(fd >= 0)
        #expect(ftruncate(fd, 1 << 30) == 0)
        close(fd)
        expectRefused("1 GiB is over the 1 MiB limit for the tool's own files")
    }

    @Test("setContainer refuses to replace a configuration file it cannot read")
    func setRefuses() throws {
        try FileManager.default.createDirectory(atPath: file, withIntermediateDirectories: false)
        #expect(throws: ConfigurationError.unreadable("is a folder, not a file")) {
            try provider.setContainer(home.url, for: .sync)
        }
    }
}
