import FileAccessorMock
import FileSystemMock
import FileTreeInterface
import FileTreeMock
import Foundation
import InMemorySupport
import LockMock
import NetworkInterface
import NetworkMock
import Testing
import WebDAVSide

@testable import SyncEngine

/// Machines, a container and their folders in one in-memory world.
///
/// Every machine gets `/machines/<name>/docs` as its local folder and `/machines/<name>/state` as
/// its state folder; the container is `/container`. Files are written straight into the tree
/// (no journal) to model a user's edits.
struct TestRig {
    /// How a rig's managers reach the two sides.
    enum Seam: Sendable, Equatable {
        /// `SyncManager(fileSystem:fileAccessor:scanner:mutator:copier:locking:environment:)`: folder
        /// sides over the Mock scanner, mutator and copier, documents through the file accessor.
        case folderProtocols
        /// `SyncManager(fileSystem:fileAccessor:sides:locking:environment:)` with `MockFolderSides`.
        case sides
        /// The same initializer with the container on an in-memory WebDAV server with these
        /// quirks (`WebDAVSides` over a `MockHTTPTransport` sharing the world's journal, faults
        /// and crash switch); the rig's container helpers act on the server.
        case webDAV(WebDAVQuirks)
    }

    /// The seam rigs made in this task use (a suite runs another suite's tests over the sides
    /// init by setting it around them).
    @TaskLocal static var seam: Seam = .folderProtocols
    /// The copy workers of managers made in this task without a number of their own (a suite
    /// runs another suite's tests with copies side by side by setting it around them).
    @TaskLocal static var copyWorkers = 1

    let seam = TestRig.seam
    let world = MockWorld()
    let container = URL(filePath: "/container", directoryHint: .isDirectory)
    let fileSystem: MockFileSystemProvider

    /// The server holding the container, in the WebDAV seam.
    let server: InMemoryWebDAVServer?
    /// The container's address on ``server``.
    let serverContainer = URL(string: "http://dav.test/container/")!

    init() {
        if case .webDAV(let quirks) = seam {
            let server = InMemoryWebDAVServer(quirks: quirks)
            server.makeCollection(at: "/container")
            self.server = server
            fileSystem = MockFileSystemProvider(containerURL: serverContainer)
        } else {
            server = nil
            fileSystem = MockFileSystemProvider(containerURL: container, world: world)
            try? world.withTree { try $0.makeDirectory(at: PathKey(container), intermediate: true) }
        }
    }

    func localRoot(_ machine: String) -> URL {
        URL(filePath: "/machines/\(machine)/docs", directoryHint: .isDirectory)
    }

    var pairRoot: URL { container.appending(path: "docs", directoryHint: .isDirectory) }

    /// A manager for `machine`, creating its folders; its clock runs `clockOffset` seconds ahead of
    /// the world's, or is `clock` when given. `space` is the simulated free space of a folder side's
    /// disk (the sides seam and the WebDAV seam's local side; nil: unknown). `copier` replaces the
    /// Mock copier (folder protocols seam only).
    func manager(
        _ machine: String, accessor: MockFileAccessor? = nil, copyWorkers: Int = TestRig.copyWorkers,
        clockOffset: TimeInterval = 0,
        clock: (@Sendable () -> Date)? = nil, space: (@Sendable (URL) -> Int64?)? = nil,
        copier: (any FileCopying)? = nil
    ) -> SyncManager {
        let state = URL(filePath: "/machines/\(machine)/state", directoryHint: .isDirectory)
        try? world.withTree {
            try $0.makeDirectory(at: PathKey(state), intermediate: true)
            try $0.makeDirectory(at: PathKey(localRoot(machine)), intermediate: true)
        }
        let world = world
        var environment = SyncEnvironment(
            machineName: machine, stateFolder: state, lockHolder: "test \(machine)",
            now: clock ?? { Date(timeIntervalSince1970: Double(world.withTree { $0.now }) / 1e9 + clockOffset) })
        let folderSides = MockFolderSides(world: world, space: space ?? { _ in nil })
        environment.copyWorkers = copyWorkers
        precondition(copier == nil || (server == nil && seam != .sides), "a copier replaces the folder protocols' only")
        if let server {
            // Machines here sync one after the other; a lease that ends at once lets the next
            // machine in after one that crashed holding the lock (the lock has tests of its own).
            var settings = WebDAVSides.Settings()
            settings.leaseDuration = .zero
            let webDAV = WebDAVSides(transport: MockHTTPTransport(world: world, server: server), settings: settings)
            let sides = SchemeSides(["file": folderSides, "http": webDAV])
            return SyncManager(
                fileSystem: fileSystem, fileAccessor: accessor ?? MockFileAccessor(world: world), sides: sides,
                locking: MockPairLocking(world: world), environment: environment)
        }
        if seam == .sides {
            return SyncManager(
                fileSystem: fileSystem, fileAccessor: accessor ?? MockFileAccessor(world: world),
                sides: folderSides, locking: MockPairLocking(world: world), environment: environment)
        }
        return SyncManager(
            fileSystem: fileSystem, fileAccessor: accessor ?? MockFileAccessor(world: world),
            scanner: MockTreeScanner(world: world), mutator: MockTreeMutator(world: world),
            copier: copier ?? MockFileCopier(world: world), locking: MockPairLocking(world: world),
            environment: environment)
    }

    func pair(_ machine: String) throws -> SyncPair {
        try SyncPair(name: "docs", localRoot: localRoot(machine))
    }

    // MARK: Editing and reading trees

    /// Writes a file (creating folders) below `root`.
    func put(_ text: String, at path: String, in root: URL) throws {
        if let (server, remote) = onServer(root.appending(path: path)) {
            return server.write(Data(text.utf8), at: remote)
        }
        let key = PathKey(root.appending(path: path))
        try world.withTree {
            try $0.makeDirectory(at: key.parent, intermediate: true)
            try $0.writeFile(Data(text.utf8), at: key)
        }
    }

    func makeFolder(_ path: String, in root: URL) throws {
        if let (server, remote) = onServer(root.appending(path: path)) { return server.makeCollection(at: remote) }
        try world.withTree { try $0.makeDirectory(at: PathKey(root.appending(path: path)), intermediate: true) }
    }

    func remove(_ path: String, in root: URL) throws {
        if let (server, remote) = onServer(root.appending(path: path)) {
            return try expectSuccess(server.respond(to: HTTPRequest(.delete, serverURL(remote)), body: Data()))
        }
        try world.withTree { try $0.removeItem(at: PathKey(root.appending(path: path))) }
    }

    func move(_ from: String, to: String, in root: URL) throws {
        if let (server, source) = onServer(root.appending(path: from)),
            let (_, target) = onServer(root.appending(path: to))
        {
            var request = HTTPRequest(.move, serverURL(source))
            request.headers["Destination"] = serverURL(target).absoluteString
            request.headers["Overwrite"] = "F"
            return try expectSuccess(server.respond(to: request, body: Data()))
        }
        try world.withTree {
            try $0.moveItem(from: PathKey(root.appending(path: from)), to: PathKey(root.appending(path: to)))
        }
    }

    func text(at path: String, in root: URL) -> String? {
        if let (server, remote) = onServer(root.appending(path: path)) {
            return server.file(at: remote).map { String(decoding: $0, as: UTF8.self) }
        }
        return world.withTree {
            $0.entry(at: PathKey(root.appending(path: path)))?.data.map { String(decoding: $0, as: UTF8.self) }
        }
    }

    func exists(_ path: String, in root: URL) -> Bool {
        if let (server, remote) = onServer(root.appending(path: path)) { return server.paths.contains(remote) }
        return world.withTree { $0.entry(at: PathKey(root.appending(path: path))) != nil }
    }

    /// The synced view of a tree: relative path → file text (folders as "/"), without `.synccli*`.
    func contents(of root: URL, includingOwnFiles: Bool = false) -> [String: String] {
        if let (server, remote) = onServer(root) {
            return serverContents(server, below: remote, includingOwnFiles: includingOwnFiles)
        }
        let base = PathKey(root)
        return world.withTree { tree in
            var result: [String: String] = [:]
            for path in tree.paths(below: base) {
                let relative = path.components.dropFirst(base.components.count)
                if !includingOwnFiles && relative.contains(where: { $0.starts(with: Array(".synccli".utf8)) }) {
                    continue
                }
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

    /// Every file's text anywhere below `root`, trash and conflict copies included (root markers,
    /// a WebDAV side's metadata and lock aside: they are the engine's, rewritten by every sync).
    func allTexts(below root: URL) -> Set<String> {
        Set(
            contents(of: root, includingOwnFiles: true).filter { path, text in
                text != "/" && !path.hasSuffix(".synccli-root") && !path.hasSuffix(".synccli-metadata.json")
                    && !(path.split(separator: "/").last?.hasPrefix(".synccli-lock-") ?? false)
            }.values)
    }

    // MARK: The container on the server (the WebDAV seam)

    /// The server and the server path for `url`, when `url` is in the container and the
    /// container is on the server.
    func onServer(_ url: URL) -> (InMemoryWebDAVServer, String)? {
        let path = url.path(percentEncoded: false)
        guard let server, path == "/container" || path.hasPrefix("/container/") else { return nil }
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        return (server, String(trimmed))
    }

    func serverURL(_ path: String) -> URL {
        URL(string: "http://dav.test" + (path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path))!
    }

    private func expectSuccess(_ response: HTTPResponse) throws {
        guard response.isSuccess else { throw URLError(.badServerResponse) }
    }

    /// ``contents(of:includingOwnFiles:)`` of a server folder.
    private func serverContents(_ server: InMemoryWebDAVServer, below base: String, includingOwnFiles: Bool) -> [String:
        String]
    {
        var result: [String: String] = [:]
        for path in server.paths where path.hasPrefix(base + "/") {
            let relative = String(path.dropFirst(base.count + 1))
            if !includingOwnFiles && relative.split(separator: "/").contains(where: { $0.hasPrefix(".synccli") }) {
                continue
            }
            result[relative] = server.file(at: path).map { String(decoding: $0, as: UTF8.self) } ?? "/"
        }
        return result
    }
}
