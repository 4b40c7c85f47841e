// The parts every contract suite shares (ContractViolation, ContractCase, require) come from
// ContractSupport; clients of this contract see them without importing it.
@_exported public import ContractSupport

/// One behaviour every ``FileSystemProviding`` implementation must have.
///
/// ```swift
/// @Test(arguments: FileSystemContract.cases)
/// func contract(_ check: FileSystemContractCase) throws { try check.verify(makeFixture()) }
/// ```
public typealias FileSystemContractCase = ContractCase<FileSystemContractFixture>
