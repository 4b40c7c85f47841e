import Foundation

/// One resource of the in-memory WebDAV server.
struct WebDAVResource: Sendable {
    /// The file's bytes; nil for a collection.
    var data: Data?
    var etag: String
    /// Seconds since 1970.
    var modified: Int64

    var isCollection: Bool { data == nil }
}

/// A server path: percent-decoded, starting with `/`, without a trailing `/` (except the root).
struct WebDAVPath: Hashable, Comparable, Sendable {
    let text: String

    init(_ raw: String) {
        var text = raw.hasPrefix("/") ? raw : "/" + raw
        while text.count > 1 && text.hasSuffix("/") { text.removeLast() }
        self.text = text
    }

    var parent: WebDAVPath {
        guard let slash = text.lastIndex(of: "/"), text != "/" else { return self }
        return WebDAVPath(String(text[..<slash]))
    }

    var isRoot: Bool { text == "/" }

    /// Whether `self` is `other` or below it.
    func isWithin(_ other: WebDAVPath) -> Bool {
        other.isRoot || text == other.text || text.hasPrefix(other.text + "/")
    }

    /// How many segments `self` is below `other`.
    func depth(below other: WebDAVPath) -> Int {
        let mine = text.split(separator: "/").count
        let theirs = other.text.split(separator: "/").count
        return mine - theirs
    }

    /// `self` moved from below `source` to below `destination`.
    func rebased(from source: WebDAVPath, to destination: WebDAVPath) -> WebDAVPath {
        WebDAVPath(destination.text + text.dropFirst(source.text.count))
    }

    /// The percent-encoded href, with a trailing `/` for a collection.
    func href(collection: Bool) -> String {
        let encoded = text.addingPercentEncoding(withAllowedCharacters: Self.allowed) ?? text
        return collection && !isRoot ? encoded + "/" : encoded
    }

    static func < (lhs: WebDAVPath, rhs: WebDAVPath) -> Bool { lhs.text < rhs.text }

    private static let allowed: CharacterSet = {
        var set = CharacterSet.urlPathAllowed
        set.remove(charactersIn: "&;=+$,")
        return set
    }()
}
