public import FileAccessorInterface
public import Foundation

/// What a contract case needs from the world an accessor works in.
///
/// Build a fresh one for every case: `root` must be an existing, empty folder that only this case
/// uses.
public struct FileAccessorContractFixture: Sendable {
    /// The implementation under test.
    public let accessor: any FileAccessorProviding
    /// An existing, empty folder for this case alone.
    public let root: URL
    /// Creates a folder (its parent exists) in the world `accessor` sees.
    public let makeDirectory: @Sendable (URL) throws -> Void
    /// The entry names of a folder in that world, in any order.
    public let listDirectory: @Sendable (URL) throws -> [String]
    /// Creates a symbolic link at the first URL holding the target text, in that world; nil when
    /// the fixture cannot, and then the cases about links fail.
    public let makeSymbolicLink: (@Sendable (URL, String) throws -> Void)?
    /// The most bytes `accessor` reads (what it was built with); nil when unknown, and then the
    /// case about the limit fails. Keep it at 1 MiB or more: other cases write 300 KB files.
    public let readLimit: Int?

    /// Creates a fixture.
    /// - Parameters:
    ///   - accessor: the implementation under test.
    ///   - root: an existing, empty folder for this case alone.
    ///   - makeDirectory: creates a folder in the accessor's world.
    ///   - listDirectory: lists a folder of the accessor's world.
    ///   - makeSymbolicLink: creates a symbolic link in the accessor's world.
    ///   - readLimit: the limit `accessor` was built with.
    public init(
        accessor: any FileAccessorProviding, root: URL,
        makeDirectory: @escaping @Sendable (URL) throws -> Void,
        listDirectory: @escaping @Sendable (URL) throws -> [String],
        makeSymbolicLink: (@Sendable (URL, String) throws -> Void)? = nil,
        readLimit: Int? = nil
    ) {
        self.accessor = accessor
        self.root = root
        self.makeDirectory = makeDirectory
        self.listDirectory = listDirectory
        self.makeSymbolicLink = makeSymbolicLink
        self.readLimit = readLimit
    }
}
