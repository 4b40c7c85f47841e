// The parts every contract suite shares (ContractViolation, ContractCase, require) come from
// ContractSupport; clients of this contract see them without importing it.
@_exported public import ContractSupport
