import FileSystemInterface
import FileTreeInterface
import Foundation
import SyncEngine
import SyncEngineLive
import Synchronization
import Testing

/// `SyncManager(scanner:mutator:copier:)` uses each part it is given, whichever of the three it
/// is, with the Live ones for the rest; and the Live environment's promises hold.
@Suite("The Live init uses each part given, and the Live environment keeps its word")
struct GivenPartsTests {
    struct FixedContainer: FileSystemProviding {
        let url: URL?
        func containerURL(for purpose: Purpose) -> URL? { url }
    }

    /// Why a recording part refuses: the sync stops at its first use.
    struct Refused: Error {}

    /// Which parts were used.
    final class Calls: Sendable {
        private let names = Mutex<[String]>([])
        func record(_ name: String) throws -> Never {
            names.withLock { $0.append(name) }
            throw Refused()
        }
        var recorded: [String] { names.withLock { $0 } }
    }

    struct RecordingScanner: TreeScanning {
        let calls: Calls
        func scan(root: URL, excluding: (RelativePath, EntryKind) -> Bool) throws -> TreeScan {
            try calls.record("scan")
        }
        func entry(at path: RelativePath, in root: URL) throws -> TreeEntry? { try calls.record("entry") }
    }

    struct RecordingMutator: TreeMutating {
        let calls: Calls
        func makeDirectory(_ path: RelativePath, in root: URL) throws { try calls.record("makeDirectory") }
        func removeItem(_ path: RelativePath, in root: URL) throws { try calls.record("removeItem") }
        func removeEmptyFolder(_ path: RelativePath, in root: URL) throws { try calls.record("removeEmptyFolder") }
        func moveItem(_ source: RelativePath, to destination: RelativePath, in root: URL) throws {
            try calls.record("moveItem")
        }
        func setPermissions(_ permissions: UInt32, of path: RelativePath, in root: URL) throws {
            try calls.record("setPermissions")
        }
        func flush(_ root: URL) throws { try calls.record("flush") }
    }

    struct RecordingCopier: FileCopying {
        let calls: Calls
        func stageCopy(
            _ source: RelativePath, in sourceRoot: URL, expected: TreeEntry, to destination: RelativePath,
            in destinationRoot: URL
        ) throws -> StagedCopy { try calls.record("stageCopy") }
        func commit(_ staged: [StagedCopy], in destinationRoot: URL) -> [Result<TreeEntry, TreeError>] {
            staged.map { _ in .failure(.notFound(.root)) }
        }
        func discard(_ staged: [StagedCopy], in destinationRoot: URL) {}
        func digest(of path: RelativePath, in root: URL) throws -> ContentDigest { try calls.record("digest") }
    }

    /// A temporary world: a local folder holding `sub/a.txt`, an empty container, a state folder.
    func world() throws -> (top: URL, local: URL, container: URL, state: URL) {
        let top = URL(filePath: NSTemporaryDirectory()).appending(
            path: "given-parts-\(UUID().uuidString)", directoryHint: .isDirectory)
        let local = top.appending(path: "docs", directoryHint: .isDirectory)
        let container = top.appending(path: "container", directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: local.appending(path: "sub"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: container, withIntermediateDirectories: true)
        try Data("a".utf8).write(to: local.appending(path: "sub/a.txt"))
        return (top, local, container, top.appending(path: "state", directoryHint: .isDirectory))
    }

    /// Syncs the world's folder once with `manager` (it may fail: the parts refuse), as a pair of
    /// its own name (the tests run at once, and a pair's lock is per name).
    func syncOnce(_ make: (URL, URL) -> SyncManager) async throws -> URL {
        let (top, local, container, state) = try world()
        let manager = make(container, state)
        let name = "docs-" + UUID().uuidString.prefix(8).lowercased()
        _ = try? await manager.sync(try SyncPair(name: name, localRoot: local))
        return top
    }

    @Test("a scanner alone is used")
    func scannerAlone() async throws {
        let calls = Calls()
        let top = try await syncOnce { container, state in
            SyncManager(
                fileSystem: FixedContainer(url: container), scanner: RecordingScanner(calls: calls),
                stateFolder: LiveStateFolder(state))
        }
        defer { try? FileManager.default.removeItem(at: top) }
        #expect(!calls.recorded.isEmpty)
    }

    @Test("a mutator alone is used")
    func mutatorAlone() async throws {
        let calls = Calls()
        let top = try await syncOnce { container, state in
            SyncManager(
                fileSystem: FixedContainer(url: container), mutator: RecordingMutator(calls: calls),
                stateFolder: LiveStateFolder(state))
        }
        defer { try? FileManager.default.removeItem(at: top) }
        #expect(!calls.recorded.isEmpty)
    }

    @Test("a copier alone is used")
    func copierAlone() async throws {
        let calls = Calls()
        let top = try await syncOnce { container, state in
            SyncManager(
                fileSystem: FixedContainer(url: container), copier: RecordingCopier(calls: calls),
                stateFolder: LiveStateFolder(state))
        }
        defer { try? FileManager.default.removeItem(at: top) }
        #expect(calls.recorded.contains("stageCopy"))
    }

    @Test("the Live environment copies four files at once, as it says")
    func fourCopyWorkers() {
        #expect(SyncEnvironment.live(environment: [:]).copyWorkers == 4)
    }

    @Test("a state folder whose path has a space and a percent sign is made at exactly that path")
    func oddStatePath() throws {
        let top = URL(filePath: NSTemporaryDirectory()).appending(
            path: "odd-state-\(UUID().uuidString)", directoryHint: .isDirectory)
        defer { try? FileManager.default.removeItem(at: top) }
        let state = top.appending(path: "my state 100%/synccli", directoryHint: .isDirectory)
        try LiveStateFolder(state).prepare()
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: state.path(percentEncoded: false), isDirectory: &isFolder))
        #expect(isFolder.boolValue)
        #expect(!FileManager.default.fileExists(atPath: top.appending(path: "my%20state%20100%25").path))
    }
}
