import BookmarkMock
import FileAccessorMock
import FileSystemMock
import FileTreeMock
import Foundation
import InMemorySupport
import LockMock
import SyncEngine

@testable import SyncCLICore

/// synccli over the Mocks: machines, a container and their folders in one in-memory world, and
/// the command line run as a person would type it, its output recorded.
///
/// Each machine has `/machines/<name>/docs` to sync and its own state folder and bookmarks; the
/// container is `/container`.
struct CLIRig {
    /// What one run printed and returned.
    struct Run {
        var code: ExitCode
        var out: String
        var err: String
        /// Standard error's lines.
        var errorLines: [Substring] { err.split(separator: "\n") }
    }

    let world = MockWorld()
    let container = URL(filePath: "/container", directoryHint: .isDirectory)

    init() throws {
        try world.withTree { try $0.makeDirectory(at: PathKey(container), intermediate: true) }
    }

    /// The folder `machine` syncs (created on first use).
    func docs(_ machine: String = "laptop") -> URL {
        let url = URL(filePath: "/machines/\(machine)/docs", directoryHint: .isDirectory)
        try? world.withTree { try $0.makeDirectory(at: PathKey(url), intermediate: true) }
        return url
    }

    /// The engine `machine` runs, over the Mocks.
    func manager(_ machine: String) -> SyncManager {
        let state = URL(filePath: "/machines/\(machine)/state", directoryHint: .isDirectory)
        try? world.withTree { try $0.makeDirectory(at: PathKey(state), intermediate: true) }
        let clock = world
        let environment = SyncEnvironment(
            machineName: machine, stateFolder: state, lockHolder: "test \(machine)",
            now: { Date(timeIntervalSince1970: Double(clock.withTree { $0.now }) / 1e9) })
        return SyncManager(
            fileSystem: MockFileSystemProvider(containerURL: container, world: world),
            fileAccessor: MockFileAccessor(world: world), sides: MockFolderSides(world: world),
            locking: MockPairLocking(world: world, folder: state.appending(path: "locks")),
            environment: environment,
            bookmarks: PairBookmarks(
                storage: MockBookmarkStorage(world: world, folder: state.appending(path: "bookmarks")),
                resolver: MockBookmarkResolver(world: world)))
    }

    /// The services `machine` gets, with `engine` instead of its Mock engine when given.
    func services(
        _ machine: String, streams: RecordingStreams, containers: FakeContainers, engine: (any SyncService)? = nil
    ) -> CommandServices {
        CommandServices(
            engine: engine ?? manager(machine), containers: containers, folders: MockFolders(world: world),
            files: MockFileAccessor(world: world), streams: streams, clock: FixedTime())
    }

    /// Runs synccli with `arguments` as `machine`; `--container` is honoured as given; `terminal`:
    /// standard error is a terminal a person watches.
    func run(
        _ arguments: [String], as machine: String = "laptop", containers: FakeContainers? = nil,
        engine: (any SyncService)? = nil, terminal: Bool = false
    ) async -> Run {
        let streams = RecordingStreams(isTerminal: terminal)
        let code = await SyncCLI.run(arguments, streams: streams) { explicit, _ in
            let resolution =
                containers
                ?? FakeContainers(
                    inForce: container, explicit: explicit.map { URL(filePath: $0, directoryHint: .isDirectory) })
            return services(machine, streams: streams, containers: resolution, engine: engine)
        }
        return Run(code: code, out: streams.output, err: streams.error)
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

    /// Removes the entry at `path` below `root`.
    func remove(_ path: String, in root: URL) throws {
        try world.withTree { try $0.removeItem(at: PathKey(root.appending(path: path))) }
    }

    /// The text of the file at `path` below `root`, nil when there is none.
    func read(_ path: String, in root: URL) -> String? {
        world.withTree { tree in
            (try? tree.readFile(at: PathKey(root.appending(path: path)))).map { String(decoding: $0, as: UTF8.self) }
        }
    }

    /// The names in the folder at `path` below `root`.
    func names(in root: URL, _ path: String = "") -> [String] {
        let key = path.isEmpty ? PathKey(root) : PathKey(root.appending(path: path))
        return world.withTree { tree in
            ((try? tree.childNames(of: key)) ?? []).map { String(decoding: $0, as: UTF8.self) }
        }
    }
}
