// The parts every contract suite shares (ContractViolation, ContractCase, require) come from
// ContractSupport; clients of this contract see them without importing it.
@_exported public import ContractSupport

/// One behaviour every ``HTTPTransport`` in front of a WebDAV server must have.
///
/// Run it from a parameterized test:
/// ```swift
/// @Test(arguments: NetworkContract.cases)
/// func contract(_ check: NetworkContractCase) async throws {
///     try await check.verify(makeFixture())
/// }
/// ```
public typealias NetworkContractCase = AsyncContractCase<NetworkContractFixture>
