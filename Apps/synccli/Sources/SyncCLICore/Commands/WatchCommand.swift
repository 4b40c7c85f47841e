import Foundation
import SyncEngine
import SyncWatch

/// `synccli watch [<folder>...]`: keeps pairs in sync until stopped: each is synced shortly after
/// its folder (or its folder in a container that is a local folder) changes (a burst of writes is
/// one sync), at start, and every `--interval` to pick up a server's changes; a container that is away is waited for with backoff. One log line
/// per sync; SIGTERM or SIGINT finish the sync running and exit 0.
struct WatchCommand: CLICommand {
    static let commandDescription = CommandDescription(
        name: "watch",
        summary: "keep pairs in sync until stopped: sync each after it changes, and at an interval",
        positionals: [PositionalDescription(name: "folder", isOptional: true, repeats: true)],
        options: [.container, .interval, .policy, .maxDelete, .jsonLines, .quiet, .verbose])

    /// The default `--interval`, in seconds.
    static let defaultInterval = 60

    /// The folders to watch; empty: every known pair.
    var folders: [String]
    /// How often a pair is synced without a local change (`--interval`).
    var interval: Duration
    /// `--policy`, `--max-delete`.
    var settings: SyncSettings
    var output: OutputOptions

    init(_ arguments: ParsedArguments) throws(UsageError) {
        folders = arguments.positionals
        _ = try arguments.value(.container)
        var seconds = Self.defaultInterval
        if let text = try arguments.value(.interval) {
            guard let value = Int(text), (1...86_400).contains(value) else {
                throw arguments.error("--interval must be a whole number of seconds from 1 to 86400, not \"\(text)\"")
            }
            seconds = value
        }
        interval = .seconds(seconds)
        settings = try SyncSettings(arguments)
        output = try OutputOptions(arguments)
    }

    func run(with services: CommandServices, console: Console) async throws -> ExitCode {
        let (pairs, worst) = try await pairsToWatch(services, console)
        guard !pairs.isEmpty else {
            guard worst == .success else { return worst }
            throw CLIFailure(.refused, "no pairs to watch: run synccli sync <folder> to start one")
        }
        guard let watch = services.watch else {
            throw CLIFailure(.usage, "watching folders is not available in this build")
        }
        let pacing: WatchSettings
        do {
            pacing = try WatchSettings(interval: interval)
        } catch {
            throw CLIFailure(.usage, error.description)
        }
        let log = WatchLog(console: console, time: services.clock, stalledAfter: interval * 3)
        let loop = WatchLoop(
            pairs: pairs.map { WatchedPair(name: $0.name, roots: Self.roots(of: $0)) }, settings: pacing,
            watching: OwnFilesIgnoringWatching(base: watch.watching),
            syncing: EnginePairSyncing(
                makeEngine: services.makeEngine ?? { [engine = services.engine] in engine }, pairs: pairs,
                options: settings.engineOptions),
            clock: watch.clock, report: log.write)
        watch.stop.onStop { loop.stop() }
        await loop.run()
        return worst
    }

    /// The folders whose changes sync `pair`: its local folder, and its folder in the container
    /// when the container is a local folder (a server's is checked at the interval).
    static func roots(of pair: SyncPair) -> [URL] {
        guard let container = pair.container, container.isFileURL else { return [pair.localRoot] }
        return [pair.localRoot, container.appending(path: pair.name, directoryHint: .isDirectory)]
    }

    /// The pairs of the folders named (registered now, so the next runs know them), or every
    /// known pair; a pair that cannot be found is one error line and its exit code.
    private func pairsToWatch(_ services: CommandServices, _ console: Console) async throws -> ([SyncPair], ExitCode) {
        let finder = PairFinder(services: services, console: console)
        if folders.isEmpty { return try await finder.reachablePairs() }
        var pairs: [SyncPair] = []
        for folder in folders {
            let pair = try await finder.pair(forFolder: folder, name: nil)
            guard !pairs.contains(where: { $0.name == pair.name }) else { continue }
            try await services.engine.register(pair)
            pairs.append(pair)
        }
        return (pairs, .success)
    }
}
