// The parts every contract suite shares (ContractViolation, ContractCase, require) come from
// ContractSupport; clients of this contract see them without importing it.
@_exported public import ContractSupport

/// One behaviour every ``FolderWatching`` implementation must have.
///
/// Run it from a parameterized test:
/// ```swift
/// @Test(arguments: WatchContract.cases)
/// func contract(_ check: WatchContractCase) async throws {
///     try await check.verify(makeFixture())
/// }
/// ```
public typealias WatchContractCase = AsyncContractCase<WatchContractFixture>
