public import Foundation

/// An error a ``MockWorld`` throws instead of performing an operation.
///
/// A fault matches calls by operation and path (nil matches any) and fires on the matching calls
/// it selects: from the first, or from the `onCall`-th (1-based), once or on every later call too.
///
/// ```swift
/// world.inject(Fault(CocoaError(.fileWriteOutOfSpace), operation: .write, onCall: 3))
/// world.inject(Fault(CocoaError(.fileReadNoPermission), path: secretURL, repeats: .once))
/// ```
public struct Fault: Sendable {
    /// How many times a fault fires once it starts.
    public enum Repeat: Sendable {
        case once
        case always
    }

    public var error: any Error
    public var operation: MockOperation?
    public var path: PathKey?
    public var onCall: Int
    public var repeats: Repeat

    /// Creates a fault.
    /// - Parameters:
    ///   - error: what the call throws.
    ///   - operation: the operation it applies to; nil for every operation.
    ///   - path: the URL it applies to; nil for every path.
    ///   - onCall: the first matching call that fails (1-based).
    ///   - repeats: `.once`, or `.always` for every matching call from `onCall` on.
    public init(
        _ error: any Error, operation: MockOperation? = nil, path: URL? = nil, onCall: Int = 1,
        repeats: Repeat = .always
    ) {
        self.error = error
        self.operation = operation
        self.path = path.map(PathKey.init)
        self.onCall = onCall
        self.repeats = repeats
    }

    func matches(_ operation: MockOperation, _ path: PathKey) -> Bool {
        (self.operation == nil || self.operation == operation) && (self.path == nil || self.path == path)
    }
}
