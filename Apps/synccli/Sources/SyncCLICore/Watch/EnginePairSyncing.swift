import SyncEngine
import SyncWatch

/// The engine as a watch loop's `PairSyncing`: one sync of one pair, its end mapped to the
/// outcome the loop paces by.
///
/// - synced: the sync ran to its end (paths that could not be synced are the report's, and
///   `synccli status` lists them);
/// - container unavailable: the container is not mounted or its server cannot be reached;
/// - busy: another process holds the pair's lock (a manual `synccli sync`);
/// - refused: a safety guard stopped the sync (a missing root marker, too many deletions, a root
///   that is a link): nothing was changed;
/// - failed: anything else, with the error's line.
///
/// Each sync runs on an engine `makeEngine` makes for it, so it opens the pair's roots afresh.
struct EnginePairSyncing: PairSyncing {
    /// Makes the engine for one sync.
    let makeEngine: @Sendable () -> any SyncService
    /// The pairs the loop may name, by name.
    let pairs: [String: SyncPair]
    /// The options every sync runs with (`--policy`, `--max-delete`).
    let options: SyncOptions

    /// An adapter syncing `pairs` (the first of a name wins) with `options`, each sync on an
    /// engine `makeEngine` makes.
    init(makeEngine: @escaping @Sendable () -> any SyncService, pairs: [SyncPair], options: SyncOptions) {
        self.makeEngine = makeEngine
        self.pairs = Dictionary(pairs.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        self.options = options
    }

    func sync(pair name: String) async -> PairSyncOutcome {
        guard let pair = pairs[name] else { return .failed(SyncError.unknownPair(name).description) }
        do {
            _ = try await makeEngine().sync(pair, options: options, progress: nil)
            return .synced
        } catch let error as SyncError {
            return Self.outcome(of: error)
        } catch {
            return .failed(String(describing: error))
        }
    }

    /// The outcome an engine error means to a watch loop (the same grouping as the exit codes).
    static func outcome(of error: SyncError) -> PairSyncOutcome {
        switch CLIFailure(error).code {
        case .containerUnavailable: .containerUnavailable(error.description)
        case .locked: .busy(error.description)
        case .refused: .refused(error.description)
        case .success, .partial, .usage: .failed(error.description)
        }
    }
}
