import FileTreeInterface
public import Foundation

/// A local folder kept equal to `<container>/<name>/`.
///
/// A pair records its container once it has one, so later commands find it again without being
/// told (`synccli status`, `synccli sync` of every pair); a pair without one uses the container
/// the file system provider names.
public struct SyncPair: Sendable, Codable, Equatable, Hashable {
    /// The pair's name: its folder name inside the container.
    public let name: String
    /// The folder on this machine.
    public let localRoot: URL
    /// The container this pair syncs with, or nil for the provider's container.
    public let container: URL?

    /// Creates a pair.
    /// - Parameters:
    ///   - name: a single, safe folder name (no `/`, not `.` or `..`, not starting with `.synccli`,
    ///     not the container's own `data.json`).
    ///   - localRoot: the local folder.
    ///   - container: the container it syncs with; nil for the file system provider's.
    /// - Throws: ``SyncError/invalidPairName(_:)``.
    public init(name: String, localRoot: URL, container: URL? = nil) throws {
        guard !name.isEmpty, name != ".", name != "..", !name.contains("/"), !name.utf8.contains(0),
            !ReservedNames.isReserved(name), name.utf8.count <= 200,
            name.lowercased() != ContainerDocument.fileName
        else { throw SyncError.invalidPairName(name) }
        self.name = name
        self.localRoot = localRoot.standardizedFileURL
        self.container = container?.standardizedFileURL
    }

    /// The same pair, syncing with `container`.
    public func with(container: URL?) -> SyncPair {
        // The name was checked when `self` was made.
        (try? SyncPair(name: name, localRoot: localRoot, container: container)) ?? self
    }
}
