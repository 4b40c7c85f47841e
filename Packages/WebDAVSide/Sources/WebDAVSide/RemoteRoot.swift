import FileTreeInterface
import Foundation

/// A side's root on the server, and the translation between ``FileTreeInterface/RelativePath``s
/// and the URLs and `href`s the server speaks.
struct RemoteRoot: Sendable {
    /// The root collection's URL, ending in `/`, without credentials.
    let url: URL
    /// The root's server path, percent-decoded, without a trailing `/` ("" for the server's root).
    let path: String
    /// ``path`` split at its `/`s (the first is "").
    private let segments: [String]
    /// `scheme://host[:port]` as ``url`` spells it: an absolute `href` spelled the same is on
    /// this server without parsing it.
    private let origin: String

    /// What an `href` of a listing names.
    enum Member: Equatable {
        case root
        case entry(RelativePath)
        /// Inside the root, but not a name this side can use: the folder holding it, and why.
        case unusable(folder: RelativePath, reason: String)
        /// Not below the root at all, or on another server (a hostile or confused server; see
        /// ``RemoteRoot/otherServerEntry(ofHref:)``).
        case outside
    }

    /// The longest name, in bytes, a file system a side syncs with holds.
    static let longestName = 255

    /// - Throws: `TreeError.rootUnavailable` when `url` is not `http`/`https` or carries
    ///   credentials.
    init(_ url: URL) throws {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host() != nil,
            var parts = URLComponents(url: url, resolvingAgainstBaseURL: true)
        else { throw TreeError.rootUnavailable(url.absoluteString) }
        guard parts.user == nil, parts.password == nil else {
            throw TreeError.rootUnavailable(
                "\(scheme)://\(url.host() ?? "")/", reason: .unreachable("credentials never travel in a URL"))
        }
        parts.query = nil
        parts.fragment = nil
        var encoded = parts.percentEncodedPath
        if !encoded.hasSuffix("/") { encoded += "/" }
        parts.percentEncodedPath = encoded
        guard let normalized = parts.url, let decoded = encoded.removingPercentEncoding else {
            throw TreeError.rootUnavailable(url.absoluteString)
        }
        self.url = normalized
        path = Self.trimmed(decoded)
        segments = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        origin = String(normalized.absoluteString.dropLast(encoded.count))
    }

    /// The URL of `relative` (a collection's with a trailing `/`).
    func url(for relative: RelativePath, collection: Bool = false) -> URL {
        guard !relative.isRoot else { return url }
        let encoded = relative.components.map(Self.encode).joined(separator: "/") + (collection ? "/" : "")
        return URL(string: encoded, relativeTo: url)?.absoluteURL ?? url
    }

    /// The absolute server path of `relative`, decoded, for identities.
    func serverPath(of relative: RelativePath) -> String {
        relative.isRoot ? path : path + "/" + relative.text
    }

    /// What the `href` of a listing names, relative to this root. The path is split at its `/`s
    /// before each segment is decoded, so an encoded `/` (`%2F`) or NUL is part of a name (an
    /// unusable one), never a separator; segments are compared by their bytes.
    func member(ofHref href: String) -> Member {
        let (origin, encoded) = split(href)
        guard origin == nil else { return .outside }
        return member(ofPath: encoded)
    }

    /// The entry an absolute `href` on another server (scheme, host or port) would name here
    /// if it were on this one, and the `scheme://host:port` it names; nil for any other `href`.
    func otherServerEntry(ofHref href: String) -> (path: RelativePath, origin: String)? {
        let (origin, encoded) = split(href)
        guard let origin, case .entry(let path) = member(ofPath: encoded) else { return nil }
        return (path, origin)
    }

    /// An `href`'s server (nil when it is relative or on this root's server) and its path.
    private func split(_ href: String) -> (origin: String?, path: Substring) {
        let text = Substring(href)
        guard let afterSeparator = Self.endOfSchemeSeparator(in: text) else { return (nil, text) }
        let afterScheme = text[afterSeparator...]
        let pathStart = afterScheme.firstIndex(of: "/") ?? afterScheme.endIndex
        let origin = isThisServer(text[..<pathStart]) ? nil : String(text[..<pathStart])
        return (origin, pathStart < afterScheme.endIndex ? afterScheme[pathStart...] : "/")
    }

    /// Where the first `://` in `text` ends; nil when there is none. Searched byte by byte: this
    /// runs for every `href`, and both Foundation's `range(of:)` (through `NSString`) and the
    /// standard library's generic `firstRange(of:)` cost more than the rest of the `href`'s
    /// reading (a sixth of a no-op sync's time over 1,000 files).
    static func endOfSchemeSeparator(in text: Substring) -> Substring.Index? {
        let bytes = text.utf8
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == UInt8(ascii: ":") {
                let first = bytes.index(after: index)
                if first < bytes.endIndex, bytes[first] == UInt8(ascii: "/") {
                    let second = bytes.index(after: first)
                    if second < bytes.endIndex, bytes[second] == UInt8(ascii: "/") { return bytes.index(after: second) }
                }
            }
            index = bytes.index(after: index)
        }
        return nil
    }

    /// What the percent-encoded server path `encoded` names.
    private func member(ofPath encoded: Substring) -> Member {
        var segments = encoded.split(separator: "/", omittingEmptySubsequences: false)
        while segments.count > 1, segments.last?.isEmpty == true { segments.removeLast() }
        let own = self.segments
        guard segments.count >= own.count else { return .outside }
        var names: [String] = []
        for (index, segment) in segments.enumerated() {
            let escaped = segment.utf8.contains(UInt8(ascii: "%"))
            guard let decoded = escaped ? segment.removingPercentEncoding : String(segment) else {
                guard index >= own.count else { return .outside }
                return .unusable(folder: Self.folder(names), reason: "its name is not valid UTF-8")
            }
            if index < own.count {
                guard decoded.utf8.elementsEqual(own[index].utf8) else { return .outside }
            } else {
                names.append(decoded)
            }
        }
        guard !names.isEmpty else { return .root }
        if let long = names.firstIndex(where: { $0.utf8.count > Self.longestName }),
            names[..<long].allSatisfy({ (try? RelativePath.check($0)) != nil })
        {
            return .unusable(
                folder: Self.folder(names[..<long]),
                reason: "its name is longer than \(Self.longestName) bytes (\(names[long].utf8.count))")
        }
        do {
            return .entry(try RelativePath(components: names))
        } catch {
            let bad = names.firstIndex { (try? RelativePath.check($0)) == nil } ?? names.count - 1
            return .unusable(folder: Self.folder(names[..<bad]), reason: "\(error)")
        }
    }

    /// The folder of usable names `names` (all checked), or the root.
    private static func folder(_ names: some Collection<String>) -> RelativePath {
        (try? RelativePath(components: Array(names))) ?? .root
    }

    /// Whether the `scheme://host:port` of an absolute `href` is this root's server.
    private func isThisServer(_ origin: Substring) -> Bool {
        if origin == self.origin { return true }
        guard let other = URL(string: String(origin) + "/") else { return false }
        func port(_ url: URL) -> Int? {
            url.port ?? (url.scheme?.lowercased() == "https" ? 443 : url.scheme?.lowercased() == "http" ? 80 : nil)
        }
        return other.scheme?.lowercased() == url.scheme?.lowercased()
            && other.host()?.lowercased() == url.host()?.lowercased() && port(other) == port(url)
    }

    private static func trimmed(_ text: String) -> String {
        var result = Substring(text)
        while result.hasSuffix("/") { result = result.dropLast() }
        return String(result)
    }

    /// A path segment with everything but unreserved characters percent-encoded.
    static func encode(_ segment: String) -> String {
        segment.addingPercentEncoding(withAllowedCharacters: unreserved) ?? segment
    }

    private static let unreserved = CharacterSet(
        charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
}
