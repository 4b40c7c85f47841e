/// An HTTP method: an open set, so WebDAV's `PROPFIND`, `MKCOL` and `MOVE` are methods like `GET`.
///
/// ```swift
/// let report = HTTPMethod(rawValue: "REPORT")
/// ```
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The method's token as sent on the wire, upper case by convention.
    public let rawValue: String

    /// Creates a method from its token.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    /// Reads a resource.
    public static let get = HTTPMethod(rawValue: "GET")
    /// Reads a resource's headers only.
    public static let head = HTTPMethod(rawValue: "HEAD")
    /// Creates or replaces a resource.
    public static let put = HTTPMethod(rawValue: "PUT")
    /// Sends data to a resource; never idempotent.
    public static let post = HTTPMethod(rawValue: "POST")
    /// Removes a resource (a collection with everything in it).
    public static let delete = HTTPMethod(rawValue: "DELETE")
    /// Asks what a resource supports.
    public static let options = HTTPMethod(rawValue: "OPTIONS")
    /// WebDAV: lists properties of a resource and, by `Depth`, its members.
    public static let propfind = HTTPMethod(rawValue: "PROPFIND")
    /// WebDAV: sets properties.
    public static let proppatch = HTTPMethod(rawValue: "PROPPATCH")
    /// WebDAV: creates a collection.
    public static let mkcol = HTTPMethod(rawValue: "MKCOL")
    /// WebDAV: renames a resource to `Destination`, replacing by `Overwrite`.
    public static let move = HTTPMethod(rawValue: "MOVE")
    /// WebDAV: copies a resource to `Destination`.
    public static let copy = HTTPMethod(rawValue: "COPY")

    /// Whether sending the request twice has the effect of sending it once (RFC 9110 9.2.2 and
    /// RFC 4918): true for GET, HEAD, OPTIONS, PUT, DELETE, PROPFIND; false for POST, MOVE, COPY,
    /// MKCOL, PROPPATCH and unknown methods (a repeated MOVE or MKCOL answers differently).
    public var isIdempotent: Bool {
        Self.idempotent.contains(self)
    }

    /// Whether a redirect may be followed: only methods that send no body that matters (a
    /// redirected request loses its body on Linux) and change nothing.
    public var followsRedirects: Bool {
        self == .get || self == .head || self == .propfind || self == .options
    }

    private static let idempotent: Set<HTTPMethod> = [.get, .head, .options, .put, .delete, .propfind]
}
