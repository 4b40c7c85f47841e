import SyncEngine

/// A failure to report as one line with an exit code.
struct CLIFailure: Error {
    var code: ExitCode
    var message: String

    init(_ code: ExitCode, _ message: String) {
        self.code = code
        self.message = message
    }

    /// The exit code and line for an engine error.
    init(_ error: SyncError) {
        let code: ExitCode =
            switch error {
            case .containerNotAvailable, .containerUnreachable: .containerUnavailable
            case .localFolderMissing, .rootMarkerMissing, .tooManyDeletions, .planRefused, .nestedRoots, .rootReplaced,
                .rootIsLink:
                .refused
            case .pairLocked: .locked
            case .invalidPairName, .unknownPair: .usage
            case .planOutdated, .corruptState, .io: .partial
            }
        if case .tooManyDeletions(let side, let count, let total, let limit) = error {
            let refusal = DeletionRefusal(side: side, count: count, total: total, limitPercent: limit)
            self.init(code, GuardWords.refused(refusal))
        } else {
            self.init(code, error.description)
        }
    }
}
