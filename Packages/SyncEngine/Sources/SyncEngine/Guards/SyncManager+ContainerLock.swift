import FileSystemInterface
import FileTreeInterface
import Foundation

extension SyncManager {
    /// Takes the lock of `pair` in its container when the container is a side other machines
    /// reach directly (a server: ``FileTreeInterface/SideLocking``); a folder container needs none
    /// beyond this machine's pair lock (nil).
    /// - Throws: ``SyncError/pairLocked(holder:)`` while another machine holds it,
    ///   ``SyncError/containerUnreachable(_:)``, ``SyncError/containerNotAvailable`` when the
    ///   container's folder is not on the server, or another ``SyncError``.
    func acquireContainerLock(_ pair: SyncPair) throws -> (any SideLockHolding)? {
        guard let (shared, url) = try lockingContainer(of: pair) else { return nil }
        return try Self.lockContainer(
            shared, at: url, pair: pair.name, holder: containerLockHolder, machine: environment.machineName)
    }

    /// The plan of `pair`, made while its container's lock is being taken: the plan's reads (the
    /// scans, the archive, the container's document) start at once, beside the lock's requests,
    /// so on a server their round trips overlap; the plan then waits for the lock before it
    /// decides anything (a plan is applied only under the lock, and re-checks each action then,
    /// as a plan made earlier and applied later does). Another machine's sync may have ended
    /// between the reads and the lock (its lock was gone before this one's look): a plan that
    /// changes anything then finds the pair's root marker rewritten and is made again, under the
    /// lock.
    /// - Returns: the lock (nil for a folder container), for the caller to release, and the plan
    ///   or why it could not be made.
    /// - Throws: what ``acquireContainerLock(_:)`` throws, whatever became of the plan (a pair
    ///   another machine holds is refused as such, not with an error of the plan's reads).
    func planTakingContainerLock(
        _ pair: SyncPair, options: SyncOptions
    ) throws -> (lock: (any SideLockHolding)?, planned: Result<Planned, any Error>) {
        guard let (shared, url) = try lockingContainer(of: pair) else {
            return (nil, Result { try makePlan(pair, options: options) })
        }
        let (name, holder, machine) = (pair.name, containerLockHolder, environment.machineName)
        let taking = InFlight { try Self.lockContainer(shared, at: url, pair: name, holder: holder, machine: machine) }
        var planned = Result { try makePlan(pair, options: options, whileLocking: taking) }
        let lock = try taking.outcome().get()
        if case .failure(let error) = planned, error is SyncEndedWhilePlanning {
            planned = Result { try makePlan(pair, options: options) }  // under the lock now
        }
        return (lock, planned)
    }

    /// What a plan made while the container's lock was being taken throws when another machine's
    /// sync of the pair ended meanwhile: the plan's reads may hold half of that sync's work. It is
    /// made again under the lock.
    struct SyncEndedWhilePlanning: Error {}

    /// Checks that no other machine's sync of the pair ended since the scan began: every sync
    /// that changes something rewrites the pair's root marker before it gives the lock back, so
    /// the marker as it is now (looked at again, not as this run saw it) must be the one the
    /// scan's first listing showed (`markerSeen`).
    /// - Throws: ``SyncEndedWhilePlanning`` when it is not, or when it cannot be looked at.
    nonisolated static func checkNoSyncEnded(on sides: PairSides, markerSeen: TreeEntry?) throws {
        let now = Result { try sides.currentEntry(at: RootMarker.path, on: .container) }
        guard case .success(let marker) = now, marker?.identity == markerSeen?.identity,
            marker?.size == markerSeen?.size
        else { throw SyncEndedWhilePlanning() }
    }

    /// The container of `pair` and its side when that side takes locks of its own (a server);
    /// nil for a folder container.
    private func lockingContainer(of pair: SyncPair) throws -> (any SideLocking, URL)? {
        guard let url = pair.container ?? dependencies.fileSystem.containerURL(for: .sync) else { return nil }
        guard let shared = try openSide(at: url) as? any SideLocking else { return nil }
        return (shared, url)
    }

    /// Who a container lock names: this machine and this process.
    private var containerLockHolder: String { "\(environment.machineName) (\(environment.lockHolder))" }

    /// Takes the lock of the pair `name` on the container side `shared` at `url`.
    /// - Throws: as ``acquireContainerLock(_:)``.
    nonisolated private static func lockContainer(
        _ shared: any SideLocking, at url: URL, pair name: String, holder: String, machine: String
    ) throws -> any SideLockHolding {
        do {
            return try shared.lock(name, holder: holder, machine: machine)
        } catch let held as SideLockHeld {
            throw SyncError.pairLocked(holder: held.description)
        } catch TreeError.rootUnavailable(_, reason: .unreachable(let reason)) {
            throw SyncError.containerUnreachable("\(Self.displayed(url)): \(reason)")
        } catch TreeError.rootUnavailable {
            throw SyncError.containerNotAvailable
        } catch {
            throw SyncError.wrap(error, path: Self.displayed(url))
        }
    }
}
