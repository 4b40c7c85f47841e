public import Foundation

/// A local folder kept equal to `<container>/<name>/`.
public struct SyncPair: Sendable, Codable, Equatable, Hashable {
    /// The pair's name: its folder name inside the container.
    public let name: String
    /// The folder on this machine.
    public let localRoot: URL

    /// Creates a pair.
    /// - Parameters:
    ///   - name: a single, safe folder name (no `/`, not `.` or `..`, not starting with `.synccli`,
    ///     not the container's own `data.json`).
    ///   - localRoot: the local folder.
    /// - Throws: ``SyncError/invalidPairName(_:)``.
    public init(name: String, localRoot: URL) throws {
        guard !name.isEmpty, name != ".", name != "..", !name.contains("/"), !name.utf8.contains(0),
              !name.hasPrefix(".synccli"), name.utf8.count <= 200,
              name.lowercased() != ContainerDocument.fileName
        else { throw SyncError.invalidPairName(name) }
        self.name = name
        self.localRoot = localRoot.standardizedFileURL
    }
}
