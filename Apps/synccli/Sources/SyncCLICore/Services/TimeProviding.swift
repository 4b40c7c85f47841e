import Foundation

/// The current time, for the "in 0.42 s" of a summary; tests give a fixed one.
protocol TimeProviding: Sendable {
    /// Now.
    func now() -> Date
}

/// The system's clock.
struct SystemTime: TimeProviding {
    func now() -> Date { Date() }
}
