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
    /// as a plan made earlier and applied later does).
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
        let planned = Result { try makePlan(pair, options: options, whileLocking: taking) }
        return (try taking.outcome().get(), planned)
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
