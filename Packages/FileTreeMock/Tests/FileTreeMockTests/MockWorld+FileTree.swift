import FileTreeContract
import FileTreeMock
import Foundation
import InMemorySupport
import Testing

// MARK: - Tags

extension Tag {
    /// A test that runs in microseconds on one thread.
    @Tag static var small: Self
    /// A test that drives one world from many tasks at once.
    @Tag static var concurrency: Self
}

// MARK: - Fixture

/// The contract's fixture on one fresh world: `/contract/source` and `/contract/destination`,
/// with helpers that change the tree directly (no journal, no faults).
enum MockFixture {
    static let source = URL(filePath: "/contract/source", directoryHint: .isDirectory)
    static let destination = URL(filePath: "/contract/destination", directoryHint: .isDirectory)

    static func make(world: MockWorld = MockWorld()) throws -> FileTreeContractFixture {
        try world.withTree { tree in
            try tree.makeDirectory(at: PathKey(source), intermediate: true)
            try tree.makeDirectory(at: PathKey(destination), intermediate: true)
        }
        return FileTreeContractFixture(
            scanner: MockTreeScanner(world: world), mutator: MockTreeMutator(world: world),
            copier: MockFileCopier(world: world), source: source, destination: destination,
            makeFile: { url, bytes, modified, permissions in
                try world.withTree {
                    try $0.writeFile(
                        bytes, at: PathKey(url), permissions: permissions, modificationNanoseconds: modified)
                }
            },
            makeFolder: { url in try world.withTree { try $0.makeDirectory(at: PathKey(url)) } },
            makeSymbolicLink: { url, target in
                try world.withTree { try $0.makeSymbolicLink(at: PathKey(url), target: target) }
            },
            readFile: { url in try world.withTree { try $0.readFile(at: PathKey(url)) } },
            listFolder: { url in
                try world.withTree { try $0.childNames(of: PathKey(url)) }.map { String(decoding: $0, as: UTF8.self) }
            },
            makeNamedPipe: { url in try world.withTree { try $0.makeSpecialEntry(.namedPipe, at: PathKey(url)) } })
    }
}
