public import Foundation

/// How a container is written in configuration files, environment variables and on command
/// lines: an absolute folder path, or the `http` or `https` URL of a collection on a (WebDAV)
/// server.
///
/// A server URL never carries a user name or password (they would be stored in pair lists and
/// configuration files, and shown in messages), nor a query, a fragment or `.`/`..` segments (the
/// pair's folder is `<url>/<pair>/`); its path always ends in `/`.
///
/// ```swift
/// if let server = try ContainerAddress.serverURL("https://dav.example.org/sync") {
///     // https://dav.example.org/sync/
/// }
/// ```
public enum ContainerAddress {
    /// The schemes a container URL may have.
    public static let serverSchemes = ["http", "https"]

    /// Whether `text` is written as a URL (`scheme://...`, or `http:`/`https:` followed by
    /// anything) rather than as a path.
    public static func isURL(_ text: String) -> Bool {
        let lowered = text.lowercased()
        if serverSchemes.contains(where: { lowered.hasPrefix($0 + ":") }) { return true }
        guard let colon = text.firstIndex(of: ":"), text[colon...].hasPrefix("://") else { return false }
        let scheme = text[..<colon]
        guard let first = scheme.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic else {
            return false
        }
        return scheme.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0))
        }
    }

    /// The server URL `text` names: as written, with a lower-cased scheme and a path ending in `/`.
    /// - Parameter text: a container as the user wrote it.
    /// - Returns: nil when `text` is not written as a URL (it is a path).
    /// - Throws: ``ContainerAddressError`` when `text` is a URL that cannot name a container.
    public static func serverURL(_ text: String) throws(ContainerAddressError) -> URL? {
        guard isURL(text) else { return nil }
        guard var components = URLComponents(string: text) else { throw .malformed(nil, reason: "is not a valid URL") }
        guard let scheme = components.scheme?.lowercased(), serverSchemes.contains(scheme) else {
            throw .unsupportedScheme(components.scheme?.lowercased() ?? "")
        }
        components.scheme = scheme
        if components.user != nil || components.password != nil {
            components.user = nil
            components.password = nil
            throw .credentialsInURL(components.string ?? "\(scheme)://\(components.host ?? "")")
        }
        let shown = components.string ?? text
        guard let host = components.host, !host.isEmpty else { throw .malformed(shown, reason: "has no host") }
        guard components.query == nil, components.fragment == nil else {
            throw .malformed(shown, reason: "has a query or a fragment, which a container URL cannot have")
        }
        let segments = components.percentEncodedPath.split(separator: "/", omittingEmptySubsequences: false)
        guard !segments.contains(where: { $0 == "." || $0 == ".." }) else {
            throw .malformed(shown, reason: "has . or .. in its path")
        }
        if !components.percentEncodedPath.hasSuffix("/") { components.percentEncodedPath += "/" }
        guard let url = components.url else { throw .malformed(shown, reason: "is not a valid URL") }
        return url
    }

    /// `url` as messages show it: a folder as its path (no trailing `/`, except for `/`), a server
    /// URL as a whole but without user name or password.
    public static func display(_ url: URL) -> String {
        if url.isFileURL {
            let path = url.path(percentEncoded: false)
            return path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        }
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else {
            return "(an unreadable URL)"
        }
        components.user = nil
        components.password = nil
        return components.string ?? "(an unreadable URL)"
    }
}

/// Why a container written as a URL cannot be used. No case holds a password.
public enum ContainerAddressError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The URL's scheme (lower-cased) is not `http` or `https`.
    case unsupportedScheme(String)
    /// The URL carries a user name or password; the associated value is the URL without them.
    case credentialsInURL(String)
    /// The URL (shown without credentials, nil when it could not be read at all) is not usable.
    case malformed(String?, reason: String)

    public var description: String {
        switch self {
        case .unsupportedScheme(let scheme):
            "\(scheme.isEmpty ? "a URL without a scheme" : scheme + "://") is not a container scheme: use a folder path, or an http:// or https:// URL"
        case .credentialsInURL(let url):
            "\(url): a container URL cannot carry a user name or password; give them in the credentials file instead"
        case .malformed(let url, let reason):
            "\(url ?? "the container URL") \(reason)"
        }
    }
}
