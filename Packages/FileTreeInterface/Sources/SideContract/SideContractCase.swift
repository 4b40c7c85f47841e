/// One behaviour every side (and the opener that makes it) must have.
///
/// Run it from a parameterized test:
/// ```swift
/// @Test(arguments: SideContract.cases)
/// func contract(_ check: SideContractCase) throws {
///     try check.verify(makeFixture())
/// }
/// ```
public struct SideContractCase: Sendable, CustomStringConvertible {
    /// A sentence naming the behaviour.
    public let name: String
    let check: @Sendable (SideContractFixture) throws -> Void

    public var description: String { name }

    /// Checks the behaviour against a fresh fixture.
    /// - Throws: `ContractViolation` when the behaviour differs, or an unexpected error of the side.
    public func verify(_ fixture: SideContractFixture) throws {
        try check(fixture)
    }
}
