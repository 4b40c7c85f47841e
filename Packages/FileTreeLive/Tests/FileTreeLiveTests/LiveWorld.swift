import FileTreeContract
import FileTreeLive
import Foundation
import POSIXSupport

/// The contract's fixture on the real file system: two fresh folders in a temporary folder, and
/// helpers that use plain system calls (never the implementations under test).
enum LiveWorld {
    static func fixture(
        in folder: TemporaryFolder, mutator: POSIXTreeMutator = POSIXTreeMutator()
    ) throws -> FileTreeContractFixture {
        FileTreeContractFixture(
            scanner: POSIXTreeScanner(), mutator: mutator, copier: POSIXFileCopier(),
            source: try folder.folder("source"), destination: try folder.folder("destination"),
            makeFile: makeFile, makeFolder: makeFolder, makeSymbolicLink: makeSymbolicLink,
            readFile: { try FileContents.read($0.path(percentEncoded: false)) },
            listFolder: { try DirectoryListing.names(in: $0.path(percentEncoded: false)) },
            makeNamedPipe: makeNamedPipe)
    }

    @Sendable static func makeNamedPipe(_ url: URL) throws {
        guard mkfifo(url.path(percentEncoded: false), 0o644) == 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
    }

    @Sendable static func makeFile(_ url: URL, _ bytes: Data, _ modified: Int64, _ permissions: UInt32) throws {
        try AtomicFileWriter.write(
            bytes, to: url.path(percentEncoded: false), mode: .exactly(permissions),
            modificationNanoseconds: modified, replacing: false)
    }

    @Sendable static func makeFolder(_ url: URL) throws {
        try makeFolderWithAncestors(url.path(percentEncoded: false), permissions: 0o755)
    }

    @Sendable static func makeSymbolicLink(_ url: URL, _ target: String) throws {
        let parent = try FileDescriptor.directory(url.deletingLastPathComponent().path(percentEncoded: false))
        try SymbolicLink.create(named: url.lastPathComponent, in: parent, target: target)
    }
}
