import BookmarkInterface
import BookmarkMock
import DifferentialSupport
import Foundation
import InMemorySupport

/// `MockBookmarkStorage` and `MockBookmarkResolver` on a fresh `MockWorld`, with direct changes
/// made on its tree.
final class MockBookmarkSide: BookmarkSide {
    let world = MockWorld()
    let storage: any BookmarkStorageProviding
    let resolver: any BookmarkResolving
    let tree = "/base/tree"
    let store = "/base/state/bookmarks"
    var marks: [Data] = []
    private let mockStorage: MockBookmarkStorage

    init() throws {
        mockStorage = MockBookmarkStorage(world: world, folder: URL(filePath: store, directoryHint: .isDirectory))
        storage = mockStorage
        resolver = MockBookmarkResolver(world: world)
        try world.withTree { tree in
            try tree.makeDirectory(at: PathKey(path: "/base/tree"), intermediate: true)
            try tree.makeDirectory(at: PathKey(path: "/base/state"), intermediate: true)
            try tree.writeFile(Data("a file".utf8), at: PathKey(path: "/base/tree/file"))
        }
    }

    func entryPath(for key: String) -> String { mockStorage.entryURL(for: key).path(percentEncoded: false) }

    func replace(_ path: String, with plant: Plant) -> Int32? {
        _ = removeAll(path)
        let key = PathKey(path: path)
        return world.change { tree in
            switch plant {
            case .file(let text): try tree.writeFile(Data(text.utf8), at: key, permissions: 0o600)
            case .folder: try tree.makeDirectory(at: key)
            case .link(let target): try tree.makeSymbolicLink(at: key, target: target)
            }
        }
    }

    func removeAll(_ path: String) -> Int32? { world.change { try $0.removeItem(at: PathKey(path: path)) } }

    func copyFile(_ from: String, _ to: String) -> Int32? {
        let data: Data?
        do {
            data = try world.withTree { tree in
                guard let entry = tree.entry(at: PathKey(path: from)) else { throw POSIXError(.ENOENT) }
                return entry.data
            }
        } catch let error as POSIXError {
            return error.code.rawValue
        } catch {
            return EIO
        }
        guard let data else { return EINVAL }
        _ = removeAll(to)
        return world.change { try $0.writeFile(data, at: PathKey(path: to), permissions: 0o600) }
    }

    func makeFolder(_ path: String) -> Int32? { world.change { try $0.makeDirectory(at: PathKey(path: path)) } }

    func rename(_ from: String, _ to: String) -> Int32? {
        world.change { try $0.moveItem(from: PathKey(path: from), to: PathKey(path: to)) }
    }

    func link(_ path: String, target: String) -> Int32? {
        world.change { try $0.makeSymbolicLink(at: PathKey(path: path), target: target) }
    }
}
