public import Foundation

/// What a request sends after its headers.
public enum HTTPRequestBody: Sendable, Equatable {
    /// No body at all.
    case none
    /// These bytes, from memory.
    case bytes(Data)
    /// The contents of a local file, streamed: a large upload never sits in memory.
    case file(URL)
}
