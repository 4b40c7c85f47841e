/// One behaviour every ``PairLocking`` implementation must have.
///
/// Run it from a parameterized test:
/// ```swift
/// @Test(arguments: LockContract.cases)
/// func contract(_ check: LockContractCase) throws {
///     try check.verify(makeFixture())
/// }
/// ```
public struct LockContractCase: Sendable, CustomStringConvertible {
    /// A sentence naming the behaviour.
    public let name: String
    let check: @Sendable (LockContractFixture) throws -> Void

    public var description: String { name }

    /// Checks the behaviour against a fresh fixture.
    /// - Parameter fixture: the implementation and its world.
    /// - Throws: ``ContractViolation`` when the behaviour differs, or an unexpected error of the
    ///   implementation.
    public func verify(_ fixture: LockContractFixture) throws {
        try check(fixture)
    }
}
