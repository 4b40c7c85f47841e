public import Foundation

/// Tells where the container folder for a purpose lives.
///
/// A container is a folder that something outside this process also sees: a cloud-drive
/// folder, a network mount, another disk. Code that syncs asks for it through this protocol so
/// tests can hand it any folder, or none.
///
/// Implementations promise:
/// - `nil` means *not available* (not configured, unmounted, deleted, unusable). Callers must treat
///   it as an error, never as an empty container.
/// - A non-nil file URL names an existing directory at the moment of the call. A container on a
///   server is an `http` or `https` URL (see ``ContainerAddress``), returned unchecked: only its
///   side can tell whether the server is there.
/// - The answer does not change between two calls unless the world changed.
///
/// ```swift
/// guard let container = fileSystem.containerURL(for: .sync) else {
///     throw SyncError.containerNotAvailable
/// }
/// ```
public protocol FileSystemProviding: Sendable {
    /// The container folder for `purpose`, or `nil` when it is not available.
    /// - Parameter purpose: what the folder is used for.
    /// - Returns: a file URL of an existing directory, a server URL, or `nil`.
    func containerURL(for purpose: Purpose) -> URL?
}
