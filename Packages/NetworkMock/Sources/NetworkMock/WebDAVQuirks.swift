/// Switches that make ``InMemoryWebDAVServer`` behave like a real server where real servers
/// differ from RFC 4918 (measured in NETWORK-NOTES.md). None set: strict, every feature on.
///
/// ```swift
/// let server = InMemoryWebDAVServer(quirks: .rclone)
/// server.quirks.insert(.changesETagsOnItsOwn)
/// ```
public struct WebDAVQuirks: OptionSet, Sendable, Hashable {
    /// The switches as bits.
    public let rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// `If-Match` and `If-None-Match` are ignored: a stale conditional write happens (rclone, nginx).
    public static let ignoresConditionalHeaders = WebDAVQuirks(rawValue: 1 << 0)
    /// A `MOVE` without `Overwrite` is treated as `Overwrite: F` (rclone; the RFC says `T`).
    public static let overwriteDefaultsToF = WebDAVQuirks(rawValue: 1 << 1)
    /// `PROPFIND` with `Depth: infinity` (or no `Depth`) answers 403 (lighttpd, Apache, Nextcloud).
    public static let refusesDepthInfinity = WebDAVQuirks(rawValue: 1 << 2)
    /// A file's ETag changes after every read, as Nextcloud's can after an upload (server #58978).
    public static let changesETagsOnItsOwn = WebDAVQuirks(rawValue: 1 << 3)
    /// `X-OC-Mtime` is ignored: the modification time is the time of the write (all Debian servers).
    public static let ignoresModificationTime = WebDAVQuirks(rawValue: 1 << 4)
    /// `MKCOL` on an existing collection answers 201 instead of 405 (rclone).
    public static let acceptsExistingCollection = WebDAVQuirks(rawValue: 1 << 5)

    /// lighttpd 1.4.69 `mod_webdav` as measured on 127.0.0.1.
    public static let lighttpd: WebDAVQuirks = [.refusesDepthInfinity, .ignoresModificationTime]
    /// rclone 1.60 `serve webdav` as measured on 127.0.0.1.
    public static let rclone: WebDAVQuirks = [
        .ignoresConditionalHeaders, .overwriteDefaultsToF, .ignoresModificationTime, .acceptsExistingCollection,
    ]
}
