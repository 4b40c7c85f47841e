public import FileTreeInterface
public import Foundation

/// What a contract case needs from the world a scanner, a mutator and a copier work in.
///
/// Build a fresh one for every case: `source` and `destination` must be existing, empty folders
/// that only this case uses, and the three implementations must see the same world (what the
/// mutator creates, the scanner lists). The helpers change and read that world directly, without
/// going through the implementations under test, and take absolute URLs.
///
/// ```swift
/// let fixture = FileTreeContractFixture(
///     scanner: scanner, mutator: mutator, copier: copier, source: a, destination: b,
///     makeFile: { url, bytes, modified, permissions in ... },
///     makeFolder: { url in ... }, makeSymbolicLink: { url, target in ... },
///     readFile: { url in ... }, listFolder: { url in ... })
/// ```
public struct FileTreeContractFixture: Sendable {
    /// The scanner under test.
    public let scanner: any TreeScanning
    /// The mutator under test.
    public let mutator: any TreeMutating
    /// The copier under test.
    public let copier: any FileCopying
    /// An existing, empty folder: the first root of the case (copies start here).
    public let source: URL
    /// Another existing, empty folder, not inside `source`: the second root (copies end here).
    public let destination: URL

    let makeFileAt: @Sendable (URL, Data, Int64, UInt32) throws -> Void
    let makeFolderAt: @Sendable (URL) throws -> Void
    let makeSymbolicLinkAt: @Sendable (URL, String) throws -> Void
    let readFileAt: @Sendable (URL) throws -> Data
    let listFolderAt: @Sendable (URL) throws -> [String]
    let makeNamedPipeAt: (@Sendable (URL) throws -> Void)?

    /// Creates a fixture.
    /// - Parameters:
    ///   - scanner: the scanner under test.
    ///   - mutator: the mutator under test.
    ///   - copier: the copier under test.
    ///   - source: an existing, empty folder for this case alone.
    ///   - destination: another existing, empty folder for this case alone, outside `source`.
    ///   - makeFile: creates a file (its folder exists, nothing is at the URL) with exactly these
    ///     bytes, modification time in nanoseconds since 1970, and permission bits.
    ///   - makeFolder: creates a folder (its parent exists).
    ///   - makeSymbolicLink: creates a symbolic link holding the target text, which is not checked.
    ///   - readFile: the bytes of a file.
    ///   - listFolder: the entry names of a folder, in any order, without `.` and `..`.
    ///   - makeNamedPipe: creates a named pipe (its folder exists, nothing is at the URL); nil for
    ///     a world that cannot hold one, which skips the cases about special files.
    public init(
        scanner: any TreeScanning, mutator: any TreeMutating, copier: any FileCopying,
        source: URL, destination: URL,
        makeFile:
            @escaping @Sendable (_ url: URL, _ bytes: Data, _ modified: Int64, _ permissions: UInt32) throws -> Void,
        makeFolder: @escaping @Sendable (_ url: URL) throws -> Void,
        makeSymbolicLink: @escaping @Sendable (_ url: URL, _ target: String) throws -> Void,
        readFile: @escaping @Sendable (_ url: URL) throws -> Data,
        listFolder: @escaping @Sendable (_ url: URL) throws -> [String],
        makeNamedPipe: (@Sendable (_ url: URL) throws -> Void)? = nil
    ) {
        self.scanner = scanner
        self.mutator = mutator
        self.copier = copier
        self.source = source
        self.destination = destination
        self.makeFileAt = makeFile
        self.makeFolderAt = makeFolder
        self.makeSymbolicLinkAt = makeSymbolicLink
        self.readFileAt = readFile
        self.listFolderAt = listFolder
        self.makeNamedPipeAt = makeNamedPipe
    }
}
