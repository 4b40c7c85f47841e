import FileAccessorInterface
import FileAccessorLive
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A write to a path that can only name a folder (ending in `/`, `/.` or `/..`) fails with the
/// error the kernel's own `open(O_CREAT)` gives for that path, and creates nothing: the kernel is
/// the oracle, asked about the very same path in each case.
@Suite("a write to a folder-only path fails as open(2) does")
struct FolderOnlyPathTests {
    let folder: TemporaryFolder
    let accessor = DefaultFileAccessor()

    init() throws {
        folder = try TemporaryFolder()
        let root = folder.url.path(percentEncoded: false)
        try FileManager.default.createDirectory(atPath: root + "/dir/inner", withIntermediateDirectories: true)
        try Data("f".utf8).write(to: folder.url.appending(path: "file"))
        try FileManager.default.createSymbolicLink(atPath: root + "/link", withDestinationPath: root + "/dir")
        try FileManager.default.createSymbolicLink(atPath: root + "/dangling", withDestinationPath: root + "/none")
    }

    /// The errno `open(path, O_WRONLY | O_CREAT)` sets (the descriptor closed if it opens).
    func kernelErrno(_ path: String) -> Int32 {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
        if descriptor >= 0 {
            close(descriptor)
            return 0
        }
        return errno
    }

    /// Every entry below the folder, to show a failed write created nothing.
    func entries() -> [String] {
        (FileManager.default.subpaths(atPath: folder.url.path(percentEncoded: false)) ?? []).sorted()
    }

    @Test(
        "each folder-only path fails with the kernel's errno",
        arguments: [
            "dir/", "dir/.", "dir/..", "dir/inner/..", "missing/", "missing/.", "missing/..", "dir/missing/",
            "file/", "file/.", "file/..", "file/x/", "link/", "link/.", "link/inner/", "link/missing/",
            "dangling/", "dangling/x/", "dir//", "dir///.",
        ])
    func matchesKernel(relative: String) throws {
        let path = folder.url.path(percentEncoded: false) + "/" + relative
        let before = entries()
        let expected = kernelErrno(path)
        #expect(expected != 0, "the kernel created \(path): the case is wrong, not the accessor")
        #expect(entries() == before)
        let error = #expect(throws: CocoaError.self) {
            try accessor.write(Data("x".utf8), to: URL(filePath: path))
        }
        #expect(error.flatMap(FileAccessError.underlyingErrno(of:)) == expected, "\(relative)")
        #expect(entries() == before, "\(relative) created something")
    }

    @Test("a write to the root folder fails with EISDIR, the kernel's answer")
    func root() {
        #expect(kernelErrno("/") == EISDIR)
        let error = #expect(throws: CocoaError.self) {
            try accessor.write(Data("x".utf8), to: URL(filePath: "/"))
        }
        #expect(error.flatMap(FileAccessError.underlyingErrno(of:)) == EISDIR)
    }

    @Test("fileExists finds names with spaces, accents and percent signs as written")
    func existsWithOddNames() throws {
        for name in ["a b.txt", "é.txt", "100%.txt", "%20.txt"] {
            let url = folder.url.appending(path: name)
            #expect(!accessor.fileExists(at: url))
            try accessor.write(Data("x".utf8), to: url)
            #expect(accessor.fileExists(at: url), "\(name)")
        }
    }
}
