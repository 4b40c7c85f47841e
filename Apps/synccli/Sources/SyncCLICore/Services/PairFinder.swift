import Foundation
import SyncEngine

/// Finds the pair a command works on: from a folder the user typed, or every pair this machine
/// knows (the engine finds each again through its bookmark): the words around the engine's pairs.
struct PairFinder {
    let services: CommandServices
    let console: Console

    /// The pair for a folder argument: the folder must exist and be a folder. A folder this
    /// machine already syncs comes back as it was registered (its name and container), unless
    /// `name` or `--container` say otherwise; a new one gets the folder's name and the container
    /// in force.
    /// - Parameters:
    ///   - argument: the folder as typed.
    ///   - name: the `--name` given, if any.
    /// - Throws: ``CLIFailure``: the folder is missing (exit 3), its name is taken by another
    ///   folder or is not a valid pair name (exit 2), no container is available or its server's
    ///   credentials are refused (exit 4).
    func pair(forFolder argument: String, name: String?) async throws -> SyncPair {
        let folder = services.folders.folder(at: argument)
        let url = folder.resolved
        guard folder.isFolder else {
            throw CLIFailure(.refused, "\(url.displayPath) is missing or not a folder: nothing was synced")
        }
        let known = try await services.engine.pairs()
        let registered = known.first { $0.localRoot.displayPath == url.displayPath }
        let name = name ?? registered?.name ?? folder.typed.lastPathComponent
        if let owner = known.first(where: { $0.name == name && $0.localRoot.displayPath != url.displayPath }) {
            throw CLIFailure(
                .usage, "the pair name \(name) belongs to \(owner.localRoot.displayPath); choose another with --name")
        }
        let container: URL
        if let explicit = services.containers.explicit {
            container = explicit
        } else if let own = registered?.container, registered?.name == name {
            container = own
        } else {
            container = try services.containers.containerInForce().get()
        }
        try services.containers.prepare(container)
        do {
            return try SyncPair(name: name, localRoot: url, container: container)
        } catch let error as SyncError {
            throw CLIFailure(.usage, error.description + " (choose one with --name)")
        }
    }

    /// The registered pairs as the engine finds them through their bookmarks (a folder renamed
    /// beside its old name is followed, said once, and re-registered by the engine; a folder that
    /// is gone is an error for that pair), each with the container it syncs with now.
    /// - Throws: the engine's error when the pair list cannot be read or written.
    func knownPairs() async throws -> [Result<SyncPair, CLIFailure>] {
        try await services.engine.trackedPairs().map { tracked in
            switch tracked {
            case .found(let pair):
                return withContainer(pair)
            case .renamed(let pair, let old):
                console.say(
                    "\(pair.name): the folder \(old.displayPath) was renamed to \(pair.localRoot.displayPath); following it"
                )
                return withContainer(pair)
            case .gone(let pair, let reason):
                return .failure(
                    CLIFailure(
                        .refused,
                        "\(pair.name): \(reason); nothing was synced (run synccli sync <folder> to point the pair at its folder)"
                    ))
            }
        }
    }

    /// The known pairs that can be reached now; each one that cannot is one error line.
    /// - Returns: the pairs, and the worst exit code of those that could not be reached
    ///   (``ExitCode/success`` when every one could).
    /// - Throws: the engine's error when the pair list cannot be read.
    func reachablePairs() async throws -> (pairs: [SyncPair], worst: ExitCode) {
        var pairs: [SyncPair] = []
        var worst = ExitCode.success
        for known in try await knownPairs() {
            switch known {
            case .success(let pair): pairs.append(pair)
            case .failure(let failure):
                console.error(failure.message)
                worst = max(worst, failure.code)
            }
        }
        return (pairs, worst)
    }

    /// `stored` with the container it syncs with now: `--container` wins; else the pair's own;
    /// else (a pair listed before pairs kept theirs) the container in force; its server prepared.
    private func withContainer(_ stored: SyncPair) -> Result<SyncPair, CLIFailure> {
        let pair: SyncPair
        if let explicit = services.containers.explicit {
            pair = stored.with(container: explicit)
        } else if stored.container != nil {
            pair = stored
        } else {
            switch services.containers.containerInForce() {
            case .success(let container): pair = stored.with(container: container)
            case .failure(let failure): return .failure(CLIFailure(failure.code, "\(stored.name): \(failure.message)"))
            }
        }
        if let container = pair.container {
            do {
                try services.containers.prepare(container)
            } catch {
                return .failure(CLIFailure(error.code, "\(stored.name): \(error.message)"))
            }
        }
        return .success(pair)
    }
}
