public import FileTreeInterface
public import Foundation

/// What a side contract case needs: an opener, two roots it can open, and helpers that change and
/// read the world directly (never through the side under test), by absolute URL.
///
/// Build a fresh one for every case: `first` and `second` must be existing, empty folders that
/// only this case uses, neither inside the other.
///
/// ```swift
/// let fixture = SideContractFixture(
///     sides: LocalFolderSides(), first: a, second: b,
///     makeFile: { url, bytes, modified, permissions in ... }, makeFolder: { url in ... },
///     makeSymbolicLink: { url, target in ... }, readFile: { url in ... }, listFolder: { url in ... })
/// ```
public struct SideContractFixture: Sendable {
    /// The opener under test.
    public let sides: any SideOpening
    /// An existing, empty folder for this case alone.
    public let first: URL
    /// Another existing, empty folder for this case alone, outside `first`.
    public let second: URL

    let makeFileAt: @Sendable (URL, Data, Int64, UInt32) throws -> Void
    let makeFolderAt: @Sendable (URL) throws -> Void
    let makeSymbolicLinkAt: @Sendable (URL, String) throws -> Void
    let readFileAt: @Sendable (URL) throws -> Data
    let listFolderAt: @Sendable (URL) throws -> [String]

    /// Creates a fixture.
    /// - Parameters:
    ///   - sides: the opener under test.
    ///   - first: an existing, empty folder for this case alone.
    ///   - second: another, outside `first`.
    ///   - makeFile: creates a file (its folder exists, nothing is at the URL) with exactly these
    ///     bytes, modification time in nanoseconds since 1970, and permission bits.
    ///   - makeFolder: creates a folder (its parent exists).
    ///   - makeSymbolicLink: creates a symbolic link holding the target text.
    ///   - readFile: the bytes of a file.
    ///   - listFolder: the entry names of a folder, in any order.
    public init(
        sides: any SideOpening, first: URL, second: URL,
        makeFile:
            @escaping @Sendable (_ url: URL, _ bytes: Data, _ modified: Int64, _ permissions: UInt32) throws -> Void,
        makeFolder: @escaping @Sendable (_ url: URL) throws -> Void,
        makeSymbolicLink: @escaping @Sendable (_ url: URL, _ target: String) throws -> Void,
        readFile: @escaping @Sendable (_ url: URL) throws -> Data,
        listFolder: @escaping @Sendable (_ url: URL) throws -> [String]
    ) {
        self.sides = sides
        self.first = first
        self.second = second
        self.makeFileAt = makeFile
        self.makeFolderAt = makeFolder
        self.makeSymbolicLinkAt = makeSymbolicLink
        self.readFileAt = readFile
        self.listFolderAt = listFolder
    }
}
