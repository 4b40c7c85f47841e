/// Thrown by every mutating call once a ``MockWorld`` is crashed, to model a killed process.
public struct MockCrash: Error, Equatable, Sendable, CustomStringConvertible {
    /// The mutating step (1-based) at which the process "died".
    public let step: Int

    /// Creates the error for a crash at `step`.
    public init(step: Int) {
        self.step = step
    }

    public var description: String { "simulated crash at mutating step \(step)" }
}
