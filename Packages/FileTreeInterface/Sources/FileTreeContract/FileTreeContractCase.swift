/// One behaviour every scanner, mutator and copier must have.
///
/// Run it from a parameterized test:
/// ```swift
/// @Test(arguments: FileTreeContract.cases)
/// func contract(_ check: FileTreeContractCase) throws {
///     try check.verify(makeFixture())
/// }
/// ```
public struct FileTreeContractCase: Sendable, CustomStringConvertible {
    /// A sentence naming the behaviour.
    public let name: String
    let check: @Sendable (FileTreeContractFixture) throws -> Void

    public var description: String { name }

    /// Checks the behaviour against a fresh fixture.
    /// - Parameter fixture: the implementations and their world.
    /// - Throws: ``ContractViolation`` when the behaviour differs, or an unexpected error of an
    ///   implementation.
    public func verify(_ fixture: FileTreeContractFixture) throws {
        try check(fixture)
    }
}
