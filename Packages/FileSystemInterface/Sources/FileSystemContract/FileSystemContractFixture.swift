public import FileSystemInterface
public import Foundation

/// What a contract case needs from the world a provider looks at.
///
/// Build a fresh one for every case: `scratch` must be an existing, empty folder only this case
/// uses.
public struct FileSystemContractFixture: Sendable {
    /// An existing, empty folder for this case alone.
    public let scratch: URL
    /// A provider configured with exactly these containers (an explicit configuration: it must
    /// never create them).
    public let makeProvider: @Sendable ([Purpose: URL]) throws -> any FileSystemProviding
    /// Creates a folder (its parent exists) in the provider's world.
    public let makeDirectory: @Sendable (URL) throws -> Void
    /// Creates a small file in the provider's world.
    public let makeFile: @Sendable (URL) throws -> Void
    /// Removes a file or folder (with its contents) in the provider's world.
    public let remove: @Sendable (URL) throws -> Void
    /// Whether anything exists at a URL in the provider's world.
    public let exists: @Sendable (URL) -> Bool
    /// Creates a symbolic link at the first URL holding the target text, in the provider's world;
    /// nil when the fixture cannot, and then the case about links fails.
    public let makeSymbolicLink: (@Sendable (URL, String) throws -> Void)?

    /// Creates a fixture; see the properties for what each closure must do.
    public init(
        scratch: URL,
        makeProvider: @escaping @Sendable ([Purpose: URL]) throws -> any FileSystemProviding,
        makeDirectory: @escaping @Sendable (URL) throws -> Void,
        makeFile: @escaping @Sendable (URL) throws -> Void,
        remove: @escaping @Sendable (URL) throws -> Void,
        exists: @escaping @Sendable (URL) -> Bool,
        makeSymbolicLink: (@Sendable (URL, String) throws -> Void)? = nil
    ) {
        self.scratch = scratch
        self.makeProvider = makeProvider
        self.makeDirectory = makeDirectory
        self.makeFile = makeFile
        self.remove = remove
        self.exists = exists
        self.makeSymbolicLink = makeSymbolicLink
    }
}
