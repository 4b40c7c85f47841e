public import Foundation

/// One call a Mock received: what, on which URL, and how it ended.
public struct CallRecord: Sendable, Equatable, CustomStringConvertible {
    /// How a call ended.
    public enum Outcome: Sendable, Equatable {
        case succeeded
        /// The call threw; the text describes the error.
        case failed(String)
    }

    /// The call's position in the world's journal, from 1.
    public let sequence: Int
    public let operation: MockOperation
    public let url: URL
    public let outcome: Outcome

    public var description: String {
        switch outcome {
        case .succeeded: "#\(sequence) \(operation) \(url.path) ok"
        case .failed(let reason): "#\(sequence) \(operation) \(url.path) failed: \(reason)"
        }
    }
}
