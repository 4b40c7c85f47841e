/// The name of an operation a Mock performs, for faults and the call journal.
///
/// An open set: each Mock package declares the operations it performs
/// (`extension MockOperation { static let read = MockOperation(rawValue: "read") }`).
public struct MockOperation: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    /// Creates an operation name.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }
}
