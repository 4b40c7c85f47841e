/// The behaviour every ``FileTreeInterface/SyncSideProviding`` (and the
/// ``FileTreeInterface/SideOpening`` that makes it) shares, written once.
///
/// The Live package runs these cases against temporary folders, the Mock package against its
/// in-memory world; a behaviour one has and the other lacks fails. Cases throw
/// `ContractViolation` (from `FileTreeContract`) when a side does not behave.
public enum SideContract {
    /// Every case of the contract.
    public static let cases: [SideContractCase] =
        listingCases + changingCases + documentCases + copyingCases
        + capabilityCases
}
