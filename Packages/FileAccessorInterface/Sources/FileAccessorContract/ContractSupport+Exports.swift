// The parts every contract suite shares (ContractViolation, ContractCase, require) come from
// ContractSupport; clients of this contract see them without importing it.
@_exported public import ContractSupport

/// One behaviour every ``FileAccessorProviding`` implementation must have.
///
/// Run it from a parameterized test:
/// ```swift
/// @Test(arguments: FileAccessorContract.cases)
/// func contract(_ check: FileAccessorContractCase) throws {
///     try check.verify(makeFixture())
/// }
/// ```
public typealias FileAccessorContractCase = ContractCase<FileAccessorContractFixture>
