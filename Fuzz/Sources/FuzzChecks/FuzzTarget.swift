public import Foundation

/// The parsers of untrusted input, one fuzz target each. The raw value is the name of the
/// target's executable and of its corpus folder, `Fuzz/Corpus/<raw value>/`.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// The archive's text format (`ArchiveCodec`), as found in the state folder.
    case archive = "FuzzArchive"
    /// A plan file, as `synccli apply` reads it (`SyncPlan.decode`).
    case plan = "FuzzPlan"
    /// A `.synccliignore` file (`IgnoreRules`), and paths matched against it.
    case ignoreRules = "FuzzIgnoreRules"
    /// The container's `data.json` (`ContainerDocument`).
    case containerDocument = "FuzzContainerDocument"
    /// The state folder's `pairs.json` (`PairRegistry`).
    case pairList = "FuzzPairList"
    /// `$XDG_CONFIG_HOME/synccli/containers.json` (`ContainerConfiguration`).
    case configuration = "FuzzConfiguration"
    /// A stored bookmark entry and the bookmark blob inside it (`BookmarkEntry`, `FolderBookmark`).
    case bookmark = "FuzzBookmark"
    /// A WebDAV server's `207 Multi-Status` listing (`Multistatus`), and each `href` in it read
    /// against a side's root (`RemoteRoot`).
    case multistatus = "FuzzMultistatus"
    /// An approved deletion in a pair's folder in the container (`DeletionApproval`).
    case deletionApproval = "FuzzDeletionApproval"

    /// Checks one input: decoding must not crash, and whatever decodes must survive a round trip
    /// (re-encoded, it decodes to the same value, and encoding it again gives the same bytes).
    ///
    /// - Returns: whether the input was rejected cleanly or accepted and survived its round
    ///   trip, or what went wrong (a logic bug in the parser).
    public func check(_ data: Data) -> Outcome {
        switch self {
        case .archive: ParserChecks.archive(data)
        case .plan: ParserChecks.plan(data)
        case .ignoreRules: ParserChecks.ignoreRules(data)
        case .containerDocument: ParserChecks.containerDocument(data)
        case .pairList: ParserChecks.pairList(data)
        case .configuration: ParserChecks.configuration(data)
        case .bookmark: ParserChecks.bookmark(data)
        case .multistatus: ParserChecks.multistatus(data)
        case .deletionApproval: ParserChecks.deletionApproval(data)
        }
    }
}

/// What one input did to its parser.
public enum Outcome: Equatable, Sendable {
    /// The parser refused the input with an error.
    case rejected
    /// The parser accepted the input, and the value survived its round trip.
    case accepted
    /// A check failed: what went wrong.
    case failed(String)

    /// The failure's description, nil when no check failed.
    public var problem: String? {
        if case .failed(let problem) = self { problem } else { nil }
    }
}
