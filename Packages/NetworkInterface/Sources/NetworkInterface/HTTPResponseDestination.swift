public import Foundation

/// Where a response body goes.
public enum HTTPResponseDestination: Sendable, Equatable {
    /// Into ``HTTPResponse/body``; a body of more than `limit` bytes throws
    /// ``HTTPTransportError/Kind/responseTooLarge`` instead.
    case memory(limit: Int)
    /// Into the file at this URL, replaced atomically once the whole body has arrived, so a
    /// failed transfer leaves the previous file (or none) and no partial one. Only a success
    /// (2xx) body is written there; any other status's body comes back in memory (at most 1 MiB).
    case file(URL)

    /// The limit when none is given: 16 MiB, enough for any listing, small for a file.
    public static let defaultMemoryLimit = 16 << 20

    /// In memory, up to ``defaultMemoryLimit``.
    public static var memory: HTTPResponseDestination { .memory(limit: defaultMemoryLimit) }

    /// The most bytes an error body (non-2xx) is read into memory when the destination is a file.
    public static let errorBodyLimit = 1 << 20
}
