/// One behaviour every ``FileSystemProviding`` implementation must have.
///
/// ```swift
/// @Test(arguments: FileSystemContract.cases)
/// func contract(_ check: FileSystemContractCase) throws { try check.verify(makeFixture()) }
/// ```
public struct FileSystemContractCase: Sendable, CustomStringConvertible {
    /// A sentence naming the behaviour.
    public let name: String
    let check: @Sendable (FileSystemContractFixture) throws -> Void

    public var description: String { name }

    /// Checks the behaviour against a fresh fixture.
    /// - Throws: ``ContractViolation`` when the behaviour differs, or an error of the fixture.
    public func verify(_ fixture: FileSystemContractFixture) throws {
        try check(fixture)
    }
}
