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

    public static let get = HTTPMethod(rawValue: "GET")
    public static let head = HTTPMethod(rawValue: "HEAD")
    public static let put = HTTPMethod(rawValue: "PUT")
    public static let post = HTTPMethod(rawValue: "POST")
    public static let delete = HTTPMethod(rawValue: "DELETE")
    public static let options = HTTPMethod(rawValue: "OPTIONS")
    public static let propfind = HTTPMethod(rawValue: "PROPFIND")
    public static let proppatch = HTTPMethod(rawValue: "PROPPATCH")
    public static let mkcol = HTTPMethod(rawValue: "MKCOL")
    public static let move = HTTPMethod(rawValue: "MOVE")
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
