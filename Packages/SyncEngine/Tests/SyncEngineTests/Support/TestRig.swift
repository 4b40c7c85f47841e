import FileAccessorMock
import FileSystemMock
import FileTreeInterface
import FileTreeMock
import Foundation
import InMemorySupport
import LockMock
@testable import SyncEngine
import Testing

/// Machines, a container and their folders in one in-memory world.
///
/// Every machine gets `/machines/<name>/docs` as its local folder and `/machines/<name>/state` as
/// its state folder; the container is `/container`. Files are written straight into the tree
/// (no journal) to model a user's edits.
struct TestRig {
    /// How a rig's managers reach the two sides.
    enum Seam: Sendable {
        /// `SyncManager(fileSystem:fileAccessor:scanner:mutator:copier:locking:environment:)`: folder
        /// sides over the Mock scanner, mutator and copier, documents through the file accessor.
        case folderProtocols
        /// `SyncManager(fileSystem:fileAccessor:sides:locking:environment:)` with `MockFolderSides`.
        case sides
    }

    /// The seam rigs made in this task use (a suite runs another suite's tests over the sides
    /// init by setting it around them).
    @TaskLocal static var seam: Seam = .folderProtocols

    let seam = TestRig.seam
    let world = MockWorld()
    let container = URL(filePath: "/container", directoryHint: .isDirectory)
    let fileSystem: MockFileSystemProvider

    init() {
        fileSystem = MockFileSystemProvider(containerURL: container, world: world)
        try? world.withTree { try $0.makeDirectory(at: PathKey(container), intermediate: true) }
    }

    func localRoot(_ machine: String) -> URL {
        URL(filePath: "/machines/\(machine)/docs", directoryHint: .isDirectory)
    }

    var pairRoot: URL { container.appending(path: "docs", directoryHint: .isDirectory) }

    /// A manager for `machine`, creating its folders.
    func manager(_ machine: String, accessor: MockFileAccessor? = nil, copyWorkers: Int = 1) -> SyncManager {
        let state = URL(filePath: "/machines/\(machine)/state", directoryHint: .isDirectory)
        try? world.withTree {
            try $0.makeDirectory(at: PathKey(state), intermediate: true)
            try $0.makeDirectory(at: PathKey(localRoot(machine)), intermediate: true)
        }
        let clock = world
        var environment = SyncEnvironment(
            machineName: machine, stateFolder: state, lockHolder: "test \(machine)",
            now: { Date(timeIntervalSince1970: Double(clock.withTree { $0.now }) / 1e9) })
        environment.copyWorkers = copyWorkers
        if seam == .sides {
            return SyncManager(
                fileSystem: fileSystem, fileAccessor: accessor ?? MockFileAccessor(world: world),
                sides: MockFolderSides(world: world), locking: MockPairLocking(world: world), environment: environment)
        }
        return SyncManager(
            fileSystem: fileSystem, fileAccessor: accessor ?? MockFileAccessor(world: world),
            scanner: MockTreeScanner(world: world), mutator: MockTreeMutator(world: world),
            copier: MockFileCopier(world: world), locking: MockPairLocking(world: world),
            environment: environment)
    }

    func pair(_ machine: String) throws -> SyncPair {
        try SyncPair(name: "docs", localRoot: localRoot(machine))
    }

    // MARK: Editing and reading trees

    /// Writes a file (creating folders) below `root`.
    func put(_ text: String, at path: String, in root: URL) throws {
        let key = PathKey(root.appending(path: path))
        try world.withTree {
            try $0.makeDirectory(at: key.parent, intermediate: true)
            try $0.writeFile(Data(text.utf8), at: key)
        }
    }

    func makeFolder(_ path: String, in root: URL) throws {
        try world.withTree { try $0.makeDirectory(at: PathKey(root.appending(path: path)), intermediate: true) }
    }

    func remove(_ path: String, in root: URL) throws {
        try world.withTree { try $0.removeItem(at: PathKey(root.appending(path: path))) }
    }

    func move(_ from: String, to: String, in root: URL) throws {
        try world.withTree { try $0.moveItem(from: PathKey(root.appending(path: from)), to: PathKey(root.appending(path: to))) }
    }

    func text(at path: String, in root: URL) -> String? {
        world.withTree { $0.entry(at: PathKey(root.appending(path: path)))?.data.map { String(decoding: $0, as: UTF8.self) } }
    }

    func exists(_ path: String, in root: URL) -> Bool {
        world.withTree { $0.entry(at: PathKey(root.appending(path: path))) != nil }
    }

    /// The synced view of a tree: relative path → file text (folders as "/"), without `.synccli*`.
    func contents(of root: URL, includingOwnFiles: Bool = false) -> [String: String] {
        let base = PathKey(root)
        return world.withTree { tree in
            var result: [String: String] = [:]
            for path in tree.paths(below: base) {
                let relative = path.components.dropFirst(base.components.count)
                if !includingOwnFiles && relative.contains(where: { $0.starts(with: Array(".synccli".utf8)) }) { continue }
                let name = relative.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "/")
                guard let entry = tree.entry(at: path) else { continue }
                result[name] = entry.data.map { String(decoding: $0, as: UTF8.self) } ?? "/"
            }
            return result
        }
    }

    /// The paths below `root` of temporary files staged copies left (an interrupted sync's).
    func temporaryFiles(below root: URL) -> [String] {
        contents(of: root, includingOwnFiles: true).keys
            .filter { StagedCopy.isTemporaryName(String($0.split(separator: "/").last ?? "")) }.sorted()
    }

    /// Every file's text anywhere below `root`, trash and conflict copies included (root markers
    /// aside: they are the engine's, and each sync that changes the pair rewrites the container's).
    func allTexts(below root: URL) -> Set<String> {
        Set(contents(of: root, includingOwnFiles: true).filter { $0.value != "/" && !$0.key.hasSuffix(".synccli-root") }.values)
    }
}
