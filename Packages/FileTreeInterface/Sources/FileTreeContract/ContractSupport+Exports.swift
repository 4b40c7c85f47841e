// The parts every contract suite shares (ContractViolation, ContractCase, require) come from
// ContractSupport; clients of this contract see them without importing it.
@_exported public import ContractSupport

/// One behaviour every scanner, mutator and copier must have.
///
/// Run it from a parameterized test:
/// ```swift
/// @Test(arguments: FileTreeContract.cases)
/// func contract(_ check: FileTreeContractCase) throws {
///     try check.verify(makeFixture())
/// }
/// ```
public typealias FileTreeContractCase = ContractCase<FileTreeContractFixture>
