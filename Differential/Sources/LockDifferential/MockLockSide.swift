import DifferentialSupport
import Foundation
import InMemorySupport
import LockInterface
import LockMock

/// `MockPairLocking` instances on one lock folder of a fresh `MockWorld`, with plants made on its
/// tree.
final class MockLockSide: LockSide {
    let world = MockWorld()

    init() throws {
        let world = self.world
        let folder = URL(filePath: "/state/locks", directoryHint: .isDirectory)
        try world.withTree { try $0.makeDirectory(at: PathKey(folder), intermediate: true) }
        let key = { (name: String) in PathKey(MockPairLocking(world: world, folder: folder).lockFileURL(for: name)) }
        super.init(
            instances: (0..<LockCorpus.instances).map { _ in MockPairLocking(world: world, folder: folder) },
            plant: { name, what in
                world.change { tree in
                    let target = key(name)
                    if tree.entry(at: target) != nil { try tree.removeItem(at: target) }
                    switch what {
                    case .file(let text): try tree.writeFile(Data(text.utf8), at: target, permissions: 0o600)
                    case .folder: try tree.makeDirectory(at: target)
                    case .link(let destination): try tree.makeSymbolicLink(at: target, target: destination)
                    }
                }
            },
            removeFile: { name in world.change { try $0.removeItem(at: key(name)) } })
    }

    deinit {
        releaseAll()
    }

}
