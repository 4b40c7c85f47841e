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

    /// Creates a fixture.
    /// - Parameters:
    ///   - accessor: the implementation under test.
    ///   - root: an existing, empty folder for this case alone.
    ///   - makeDirectory: creates a folder in the accessor's world.
    ///   - listDirectory: lists a folder of the accessor's world.
    public init(
        accessor: any FileAccessorProviding, root: URL,
        makeDirectory: @escaping @Sendable (URL) throws -> Void,
        listDirectory: @escaping @Sendable (URL) throws -> [String]
    ) {
        self.accessor = accessor
        self.root = root
        self.makeDirectory = makeDirectory
        self.listDirectory = listDirectory
    }
}
