/// A behaviour the subject of a contract case does not have, described in one line.
///
/// Every interface's contract suite throws this one type, so a test that runs cases of several
/// contracts catches them alike.
public struct ContractViolation: Error, Equatable, CustomStringConvertible {
    /// What was expected and what happened.
    public let description: String

    /// A violation described by `description`: what was expected and what happened.
    public init(description: String) {
        self.description = description
    }
}

/// Fails the contract case with `message` unless `condition` holds.
/// - Parameters:
///   - condition: what the behaviour promises.
///   - message: what was expected and what happened, evaluated only on failure.
/// - Throws: ``ContractViolation`` with `message` when `condition` is false.
public func require(_ condition: Bool, _ message: @autoclosure () -> String) throws {
    if !condition { throw ContractViolation(description: message()) }
}
