/// A behaviour the subject of a contract case does not have, described in one line.
public struct ContractViolation: Error, Equatable, CustomStringConvertible {
    /// What was expected and what happened.
    public let description: String
}
