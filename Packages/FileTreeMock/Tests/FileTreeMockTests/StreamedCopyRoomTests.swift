import FileTreeInterface
import FileTreeMock
import Foundation
import InMemorySupport
import Synchronization
import Testing

/// A copy streamed from another kind of side (a server) into a folder is checked against the
/// folder's free space first: a listed size that cannot fit fails at once, nothing read or written.
@Suite("A streamed copy that cannot fit is refused before it starts")
struct StreamedCopyRoomTests {
    static let root = URL(filePath: "/sides/local", directoryHint: .isDirectory)
    static let mebibyte: Int64 = 1 << 20

    /// A source of another kind that serves `entry.size` bytes and counts its reads.
    final class CountingSource: SideContents {
        let reads = Mutex(0)

        func digest(of path: RelativePath) throws -> ContentDigest { throw TreeError.notFound(path) }

        func read(_ path: RelativePath, expected: TreeEntry, into sink: (Data) throws -> Void) throws {
            reads.withLock { $0 += 1 }
            var left = expected.size
            while left > 0 {
                let chunk = Int(min(left, 1 << 16))
                try sink(Data(count: chunk))
                left -= Int64(chunk)
            }
        }

        func stageCopy(
            of sourcePath: RelativePath, from source: any SideContents, expected: TreeEntry,
            to destination: RelativePath
        ) throws -> StagedCopy { throw TreeError.notFound(destination) }

        func commit(_ staged: [StagedCopy]) -> [Result<TreeEntry, TreeError>] { [] }
        func discard(_ staged: [StagedCopy]) {}
    }

    let world = MockWorld()
    let path: RelativePath

    init() throws {
        path = try RelativePath("big.bin")
        try world.withTree { try $0.makeDirectory(at: PathKey(Self.root), intermediate: true) }
    }

    func entry(size: Int64) -> TreeEntry {
        TreeEntry(
            path: path, kind: .file, size: size, modificationNanoseconds: 0,
            identity: FileIdentity(device: 9, inode: 9),
            permissions: 0o644)
    }

    func stage(size: Int64, free: Int64?) throws -> (CountingSource, Result<StagedCopy, any Error>) {
        let side = try MockFolderSides(world: world, space: { _ in free }).openSide(at: Self.root)
        let source = CountingSource()
        let result = Result { try side.stageCopy(of: path, from: source, expected: entry(size: size), to: path) }
        return (source, result)
    }

    func namesInRoot() throws -> [String] {
        try world.withTree { try $0.childNames(of: PathKey(Self.root)) }.map { String(decoding: $0, as: UTF8.self) }
    }

    @Test("a file larger than the free space fails with ENOSPC naming both sizes; nothing is read or written")
    func tooLarge() throws {
        let (source, result) = try stage(size: 10 * Self.mebibyte, free: 5 * Self.mebibyte)
        #expect(throws: TreeError.self) { try result.get() }
        guard case .failure(TreeError.io(let failed, let code, let message)) = result else {
            Issue.record("expected an io error, got \(result)")
            return
        }
        #expect(failed == path && code == ENOSPC)
        #expect(message == "the file is 10.0 MiB and only 5.0 MiB is free on this side; nothing was written")
        #expect(source.reads.withLock { $0 } == 0)
        #expect(try namesInRoot().isEmpty, "no temporary file is left")
    }

    @Test("a file of exactly the free space, or of unknown free space, is copied")
    func fits() throws {
        for free in [2 * Self.mebibyte, nil] {
            let (source, result) = try stage(size: 2 * Self.mebibyte, free: free)
            let staged = try result.get()
            #expect(source.reads.withLock { $0 } == 1)
            #expect(staged.entry.size == 2 * Self.mebibyte)
        }
    }

    @Test("a file under the checked size is not held to the free space (ENOSPC ends it cleanly if it must)")
    func smallUnchecked() throws {
        let size = FolderSide.roomCheckMinimum - 1
        let (source, result) = try stage(size: size, free: 1)
        #expect(try result.get().entry.size == size)
        #expect(source.reads.withLock { $0 } == 1)
        let (_, checked) = try stage(size: FolderSide.roomCheckMinimum, free: 1)
        #expect(throws: TreeError.self) { try checked.get() }
    }
}
