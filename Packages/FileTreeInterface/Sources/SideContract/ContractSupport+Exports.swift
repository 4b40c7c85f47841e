// The parts every contract suite shares (ContractViolation, ContractCase, require) come from
// ContractSupport; clients of this contract see them without importing it.
@_exported public import ContractSupport

/// One behaviour every side (and the opener that makes it) must have.
///
/// Run it from a parameterized test:
/// ```swift
/// @Test(arguments: SideContract.cases)
/// func contract(_ check: SideContractCase) throws {
///     try check.verify(makeFixture())
/// }
/// ```
public typealias SideContractCase = ContractCase<SideContractFixture>
