public import Foundation

/// Opens each side with the opener registered for its URL's scheme: the one ``SideOpening`` a
/// composition root hands the engine when roots of several kinds (a local folder, a WebDAV
/// collection) meet in one sync.
///
/// Schemes are matched without regard to case (`HTTP://` is `http://`).
///
/// ```swift
/// let sides = SchemeSides(["file": localFolders, "http": webDAV, "https": webDAV])
/// let container = try sides.openSide(at: URL(string: "https://dav.example.org/sync/")!)
/// ```
public struct SchemeSides: SideOpening {
    /// The openers by lower-cased scheme.
    public let openers: [String: any SideOpening]

    /// Creates the dispatcher.
    /// - Parameter openers: the opener of each scheme (`"file"`, `"http"` ...); keys are matched
    ///   without regard to case.
    public init(_ openers: [String: any SideOpening]) {
        var lowered: [String: any SideOpening] = [:]
        for (scheme, opener) in openers { lowered[scheme.lowercased()] = opener }
        self.openers = lowered
    }

    /// The side at `root`, opened by the opener of its scheme.
    /// - Throws: ``TreeError/rootUnavailable(_:reason:)`` when `root` has no scheme or one no
    ///   opener is registered for; otherwise what that opener throws.
    public func openSide(at root: URL) throws -> any SyncSideProviding {
        guard let scheme = root.scheme?.lowercased(), let opener = openers[scheme] else {
            throw TreeError.rootUnavailable(root.absoluteString)
        }
        return try opener.openSide(at: root)
    }
}
