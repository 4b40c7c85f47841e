/// One behaviour of a contract: a sentence and the check, run against a fresh fixture.
///
/// ```swift
/// @Test(arguments: BookmarkStorageContract.cases)
/// func contract(_ check: BookmarkStorageContractCase) throws { try check.verify(makeFixture()) }
/// ```
public struct ContractCase<Fixture: Sendable>: Sendable, CustomStringConvertible {
    /// A sentence naming the behaviour.
    public let name: String
    let check: @Sendable (Fixture) throws -> Void

    public var description: String { name }

    /// Checks the behaviour against a fresh fixture.
    /// - Throws: ``ContractViolation``, or an unexpected error of the implementation.
    public func verify(_ fixture: Fixture) throws {
        try check(fixture)
    }
}
