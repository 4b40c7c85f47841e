import FileTreeInterface
import Foundation

/// A side's root on the server, and the translation between ``FileTreeInterface/RelativePath``s
/// and the URLs and `href`s the server speaks.
struct RemoteRoot: Sendable {
    /// The root collection's URL, ending in `/`, without credentials.
    let url: URL
    /// The root's server path, percent-decoded, without a trailing `/` ("" for the server's root).
    let path: String

    /// What an `href` of a listing names.
    enum Member: Equatable {
        case root
        case entry(RelativePath)
        /// Inside the root, but not a name this side can use: the folder holding it, and why.
        case unusable(folder: RelativePath, reason: String)
        /// Not below the root at all (a hostile or confused server).
        case outside
    }

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

    /// What the `href` of a listing names, relative to this root.
    func member(ofHref href: String) -> Member {
        var text = Substring(href)
        if let schemeEnd = text.range(of: "://") {
            let afterHost = text[schemeEnd.upperBound...]
            text = afterHost.firstIndex(of: "/").map { afterHost[$0...] } ?? "/"
        }
        let encoded = String(text)
        guard let decoded = encoded.removingPercentEncoding else {
            return folderOf(encoded, reason: "its name is not valid UTF-8")
        }
        let full = Self.trimmed(decoded)
        if full == path { return .root }
        guard full.hasPrefix(path + "/") else { return .outside }
        let components = full.dropFirst(path.count + 1).split(separator: "/", omittingEmptySubsequences: false).map(
            String.init)
        do {
            return .entry(try RelativePath(components: components))
        } catch {
            let folder = (try? RelativePath(components: Array(components.dropLast()))) ?? .root
            return .unusable(folder: folder, reason: "\(error)")
        }
    }

    /// The folder of an href whose name cannot be decoded (its folder part still can, or the root).
    private func folderOf(_ encoded: String, reason: String) -> Member {
        let trimmed = Self.trimmed(encoded)
        let parent = String(trimmed[..<(trimmed.lastIndex(of: "/") ?? trimmed.startIndex)])
        if case .entry(let folder) = member(ofHref: parent.isEmpty ? "/" : parent) {
            return .unusable(folder: folder, reason: reason)
        }
        return .unusable(folder: .root, reason: reason)
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
