/// One behaviour every ``FolderWatching`` implementation must have.
///
/// Run it from a parameterized test:
/// ```swift
/// @Test(arguments: WatchContract.cases)
/// func contract(_ check: WatchContractCase) async throws {
///     try await check.verify(makeFixture())
/// }
/// ```
public struct WatchContractCase: Sendable, CustomStringConvertible {
    /// A sentence naming the behaviour.
    public let name: String
    let check: @Sendable (WatchContractFixture) async throws -> Void

    public var description: String { name }

    /// Checks the behaviour against a fresh fixture.
    /// - Parameter fixture: the implementation and its world.
    /// - Throws: ``ContractViolation`` when the behaviour differs, or an unexpected error of the
    ///   implementation or the world.
    public func verify(_ fixture: WatchContractFixture) async throws {
        try await check(fixture)
    }
}
