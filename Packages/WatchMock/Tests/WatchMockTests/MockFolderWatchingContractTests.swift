import Foundation
import InMemorySupport
import Testing
import WatchContract
import WatchMock

@Suite("MockFolderWatching passes the watch contract")
struct MockFolderWatchingContractTests {
    @Test("contract case", arguments: WatchContract.cases)
    func contract(_ check: WatchContractCase) async throws {
        let world = MockWorld()
        let root = URL(filePath: "/home/me/sync/root", directoryHint: .isDirectory)
        let outside = URL(filePath: "/home/me/sync/root2", directoryHint: .isDirectory)
        try world.withTree { tree in
            try tree.makeDirectory(at: PathKey(root), intermediate: true)
            try tree.makeDirectory(at: PathKey(outside), intermediate: true)
        }
        let watching = MockFolderWatching(world: world)
        let fixture = WatchContractFixture(
            root: root, outside: outside, files: WorldFiles(world: world), makeWatching: { watching },
            deliver: { watching.deliverChanges() }, patience: .zero)
        try await check.verify(fixture)
    }
}

/// The contract's file operations on a mock world's tree.
struct WorldFiles: WatchContractFiles {
    let world: MockWorld

    func makeFolder(at url: URL) throws {
        try world.withTree { try $0.makeDirectory(at: PathKey(url)) }
    }

    func writeFile(at url: URL, contents: String) throws {
        try world.withTree { try $0.writeFile(Data(contents.utf8), at: PathKey(url)) }
    }

    func remove(at url: URL) throws {
        try world.withTree { try $0.removeItem(at: PathKey(url)) }
    }

    func move(from source: URL, to destination: URL) throws {
        try world.withTree { try $0.moveItem(from: PathKey(source), to: PathKey(destination)) }
    }

    func makeLink(at url: URL, to target: URL) throws {
        try world.withTree { try $0.makeSymbolicLink(at: PathKey(url), target: target.path(percentEncoded: false)) }
    }
}
