/// What a WebDAV server behind a transport does where real servers differ, so a contract case
/// can hold each server to its own documented behaviour.
///
/// The strict defaults are RFC 4918 with conditional requests enforced; ``lighttpd`` and
/// ``rclone`` are the two servers measured on 127.0.0.1 (see NETWORK-NOTES.md).
public struct WebDAVServerTraits: Sendable, Equatable, CustomStringConvertible {
    /// `If-Match` and `If-None-Match` are enforced with 412 (false: ignored, the write happens).
    public var enforcesConditions = true
    /// `MKCOL` on an existing collection answers 405 (false: it answers 201).
    public var refusesExistingCollection = true
    /// A `MOVE` without `Overwrite` replaces an existing destination, as RFC 4918 says (false:
    /// it is treated as `Overwrite: F` and answers 412).
    public var moveOverwritesByDefault = true
    /// `PROPFIND` with `Depth: infinity` lists the whole tree (false: 403).
    public var allowsDepthInfinity = true
    /// A `PUT` with `X-OC-Mtime` sets the file's modification time (false: ignored).
    public var setsModificationTime = true
    /// A file's ETag changes only when the file does (false: it may change on its own).
    public var stableETags = true

    /// Strict RFC 4918 behaviour with every optional feature.
    public init() {}

    /// lighttpd 1.4.69 `mod_webdav`: strict, but `Depth: infinity` refused and no mtime setting.
    public static let lighttpd: WebDAVServerTraits = {
        var traits = WebDAVServerTraits()
        traits.allowsDepthInfinity = false
        traits.setsModificationTime = false
        return traits
    }()

    /// rclone 1.60 `serve webdav`: conditions ignored, `MKCOL` on an existing collection 201,
    /// `MOVE` without `Overwrite` treated as `F`, no mtime setting.
    public static let rclone: WebDAVServerTraits = {
        var traits = WebDAVServerTraits()
        traits.enforcesConditions = false
        traits.refusesExistingCollection = false
        traits.moveOverwritesByDefault = false
        traits.setsModificationTime = false
        return traits
    }()

    public var description: String {
        let names: [(Bool, String)] = [
            (!enforcesConditions, "ignores conditions"), (!refusesExistingCollection, "MKCOL existing 201"),
            (!moveOverwritesByDefault, "Overwrite defaults to F"), (!allowsDepthInfinity, "no Depth infinity"),
            (!setsModificationTime, "no mtime"), (!stableETags, "unstable ETags"),
        ]
        let quirks = names.filter(\.0).map(\.1)
        return quirks.isEmpty ? "strict" : quirks.joined(separator: ", ")
    }
}
