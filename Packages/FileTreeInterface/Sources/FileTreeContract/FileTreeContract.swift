import FileTreeInterface

/// The behaviour every ``TreeScanning``, ``TreeMutating`` and ``FileCopying`` implementation
/// shares, written once.
///
/// The Live package runs these cases against the real file system in temporary folders; the Mock
/// package runs them against its in-memory tree. A behaviour one has and the other lacks fails.
///
/// Errors name the path argument whose resolution failed (`moveItem` into a missing folder is
/// `notFound(destination)`), so both implementations throw equal ``TreeError`` values.
public enum FileTreeContract {
    /// Every case of the contract.
    public static let cases: [FileTreeContractCase] =
        scanningCases + mutatingCases + permissionCases + copyingCases + stagingCases + confinementCases
        + linkedRootCases + specialBitsCases + farTimeCases + longNameCases + specialFileCases
        + linkAboveRootCases + keptRootCases + streamingCases
}
