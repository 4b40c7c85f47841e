import Foundation
import InMemorySupport

@testable import SyncCLICore

/// The user's unit folder in a Mock world's tree.
struct MockUnitFiles: UnitFileStore {
    let world: MockWorld

    func contents(of url: URL) throws -> Data? {
        try world.withTree { tree in
            tree.entry(at: PathKey(url)) == nil ? nil : try tree.readFile(at: PathKey(url))
        }
    }

    func write(_ data: Data, to url: URL) throws {
        try world.withTree { tree in
            try tree.makeDirectory(at: PathKey(url).parent, intermediate: true)
            try tree.writeFile(data, at: PathKey(url))
        }
    }

    func exists(_ url: URL) -> Bool { world.withTree { $0.entry(at: PathKey(url)) != nil } }

    func remove(_ url: URL) throws { try world.withTree { try $0.removeItem(at: PathKey(url)) } }
}
