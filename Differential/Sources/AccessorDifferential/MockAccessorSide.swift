import DifferentialSupport
import FileAccessorInterface
import FileAccessorMock
import Foundation
import InMemorySupport

/// `MockFileAccessor` on a fresh `MockWorld`, with direct changes made on its tree.
final class MockAccessorSide: AccessorSide {
    let base = "/base"
    let world = MockWorld()
    let accessor: any FileAccessorProviding

    init() throws {
        accessor = MockFileAccessor(world: world)
        try world.withTree { try $0.makeDirectory(at: PathKey(path: "/base")) }
    }

    func makeFolder(_ path: String) -> Int32? { world.change { try $0.makeDirectory(at: PathKey(path: path)) } }
    func remove(_ path: String) -> Int32? { world.change { try $0.removeItem(at: PathKey(path: path)) } }
    func rename(_ from: String, _ to: String) -> Int32? {
        world.change { try $0.moveItem(from: PathKey(path: from), to: PathKey(path: to)) }
    }
    func link(_ path: String, target: String) -> Int32? {
        world.change { try $0.makeSymbolicLink(at: PathKey(path: path), target: target) }
    }
}
