/// One behaviour every ``HTTPTransport`` in front of a WebDAV server must have.
///
/// Run it from a parameterized test:
/// ```swift
/// @Test(arguments: NetworkContract.cases)
/// func contract(_ check: NetworkContractCase) async throws {
///     try await check.verify(makeFixture())
/// }
/// ```
public struct NetworkContractCase: Sendable, CustomStringConvertible {
    /// A sentence naming the behaviour.
    public let name: String
    let check: @Sendable (NetworkContractFixture) async throws -> Void

    public var description: String { name }

    /// Checks the behaviour against a fresh fixture.
    /// - Parameter fixture: the transport and its server.
    /// - Throws: ``ContractViolation`` when the behaviour differs, or an unexpected error of the
    ///   transport.
    public func verify(_ fixture: NetworkContractFixture) async throws {
        try await check(fixture)
    }
}
