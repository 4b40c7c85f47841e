public import Foundation

/// Where a bookmarked folder is now.
public struct ResolvedBookmark: Sendable, Equatable {
    /// The folder's current location.
    public let url: URL
    /// True when the folder was found somewhere other than its recorded path; the caller should
    /// save fresh bookmark data.
    public let isStale: Bool

    /// Creates a result.
    public init(url: URL, isStale: Bool) {
        self.url = url
        self.isStale = isStale
    }
}
