public import Foundation
import POSIXSupport
public import SyncEngine

/// The production state folder: made (mode 0700, with its missing ancestors) the first time the
/// engine writes there, never when a manager is built or only reads.
///
/// ```swift
/// let state = LiveStateFolder(URL(filePath: "/home/me/.local/state/synccli", directoryHint: .isDirectory))
/// ```
public struct LiveStateFolder: StateFolderProviding {
    public let url: URL

    /// The state folder at `url`, not made yet.
    public init(_ url: URL) {
        self.url = url
    }

    /// Makes the folder with mode 0700 (its missing ancestors with the usual mode) unless it is
    /// there.
    /// - Throws: `SystemCallError` from `mkdir` or `chmod`.
    public func prepare() throws {
        try makeFolderWithAncestors(url.path(percentEncoded: false), permissions: 0o700)
    }
}
