/// One behaviour every ``FileAccessorProviding`` implementation must have.
///
/// Run it from a parameterized test:
/// ```swift
/// @Test(arguments: FileAccessorContract.cases)
/// func contract(_ check: FileAccessorContractCase) throws {
///     try check.verify(makeFixture())
/// }
/// ```
public struct FileAccessorContractCase: Sendable, CustomStringConvertible {
    /// A sentence naming the behaviour.
    public let name: String
    let check: @Sendable (FileAccessorContractFixture) throws -> Void

    public var description: String { name }

    /// Checks the behaviour against a fresh fixture.
    /// - Parameter fixture: the implementation and its world.
    /// - Throws: ``ContractViolation`` when the behaviour differs, or an unexpected error of the
    ///   implementation.
    public func verify(_ fixture: FileAccessorContractFixture) throws {
        try check(fixture)
    }
}
