public import Foundation

/// A server's answer: any status, 2xx or not.
public struct HTTPResponse: Sendable, Equatable {
    /// The status code (`200`, `207`, `404`, `412` ...): data, never an error.
    public var status: Int
    /// The header fields, names in any case.
    public var headers: HTTPHeaders
    /// The body, when it went to memory; empty when it went to a file.
    public var body: Data
    /// The file the body was moved into, when the destination was a file and the status 2xx.
    public var file: URL?
    /// How many body bytes arrived (in memory or in the file).
    public var byteCount: Int64

    /// Creates a response.
    public init(status: Int, headers: HTTPHeaders = [:], body: Data = Data(), file: URL? = nil, byteCount: Int64? = nil)
    {
        self.status = status
        self.headers = headers
        self.body = body
        self.file = file
        self.byteCount = byteCount ?? Int64(body.count)
    }

    /// Whether the status is 2xx.
    public var isSuccess: Bool { (200..<300).contains(status) }

    /// The `ETag` header, if any.
    public var etag: String? { headers["ETag"] }
}
