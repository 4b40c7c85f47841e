public import InMemorySupport

extension MockOperation {
    /// ``MockBookmarkStorage/saveBookmark(_:for:)``.
    public static let saveBookmark = MockOperation(rawValue: "saveBookmark")
    /// ``MockBookmarkStorage/loadBookmark(for:)``.
    public static let loadBookmark = MockOperation(rawValue: "loadBookmark")
    /// ``MockBookmarkResolver/makeBookmark(for:)``.
    public static let makeBookmark = MockOperation(rawValue: "makeBookmark")
    /// ``MockBookmarkResolver/resolveBookmark(_:)``.
    public static let resolveBookmark = MockOperation(rawValue: "resolveBookmark")
}
