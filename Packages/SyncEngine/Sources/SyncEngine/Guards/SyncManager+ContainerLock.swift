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
        let (holder, machine) = (containerLockHolder, environment.machineName)
        return try Self.containerLockStep(at: url) { try shared.lock(pair.name, holder: holder, machine: machine) }
    }

    /// How a sync of `pair` begins: its plan, with the container's lock when the sync needs it.
    ///
    /// On a container whose side takes locks (a server), a first sync takes the lock while its
    /// plan is made (``planTakingContainerLock(_:options:on:at:)``). Any other sync's plan reads
    /// start at once beside a look at the lock (``FileTreeInterface/SideLocking/hasLock(_:)``, the
    /// container's listing, which the plan's reads of the container share), so their round trips
    /// overlap. Then:
    /// - no lock there, and a plan with nothing to do (no change, no temporary file left, a trash
    ///   with nothing to expire): the sync ends without the lock, having written nothing on the
    ///   server (``finishedWithoutLock(_:pair:container:)``);
    /// - no lock there, and a plan that needs the lock (a change, a temporary file to remove, a
    ///   trash to expire, or a plan that failed): the lock is taken then (a lock another machine
    ///   took since is refused by the create itself), or at once, beside the container's
    ///   listings, when the local scan already showed a change (``WriteForecast``); then the
    ///   pair's root marker is looked at again: where another machine's sync ended since the scan
    ///   began, the plan is made again, under the lock (a failed plan is made again in any case:
    ///   its failure is said as it is under the lock);
    /// - a lock there (another machine's sync, or one that crashed): the plan is made again while
    ///   the lock is taken, refused while it is held.
    /// - Returns: the lock (nil when the sync ended without it, or for a folder container), for the
    ///   caller to release; the plan or why it could not be made; and the report of a sync that
    ///   ended without the lock.
    /// - Throws: what ``acquireContainerLock(_:)`` throws, whatever became of the plan (a pair
    ///   another machine holds is refused as such, not with an error of the plan's reads).
    func planForSync(_ pair: SyncPair, options: SyncOptions) throws -> (
        lock: (any SideLockHolding)?, planned: Result<Planned, any Error>, finished: SyncReport?
    ) {
        guard let (shared, url) = try lockingContainer(of: pair) else {
            return (nil, Result { try makePlan(pair, options: options) }, nil)
        }
        guard archiveStore.exists(pair: pair.name) else {
            // A first sync changes something: its lock is taken beside its reads from the start.
            let (lock, planned) = try planTakingContainerLock(pair, options: options, on: shared, at: url)
            return (lock, planned, nil)
        }
        let (name, holder, machine) = (pair.name, containerLockHolder, environment.machineName)
        let forecast = WriteForecast()
        let look = InFlight<(any SideLockHolding)?> {
            if try Self.containerLockStep(at: url, { try shared.hasLock(name) }) { throw ContainerLockFound() }
            guard forecast.writes() else { return nil }
            return try Self.containerLockStep(at: url) {
                try shared.lockFoundFree(name, holder: holder, machine: machine)
            }
        }
        let planned = Result { try makePlan(pair, options: options, whileLocking: .looking(look, forecast)) }
        forecast.tell(true)  // a plan that failed before its reads said nothing: it is made again under the lock
        let early: (any SideLockHolding)?
        switch look.outcome() {
        case .failure(let error) where error is ContainerLockFound:
            let (lock, replanned) = try planTakingContainerLock(pair, options: options, on: shared, at: url)
            return (lock, replanned, nil)
        case .failure(let error): throw error
        case .success(let taken): early = taken
        }
        if early == nil, case .success(let made) = planned,
            let report = finishedWithoutLock(made, pair: pair, container: url)
        {
            return (nil, planned, report)
        }
        let lock: any SideLockHolding
        if let early {
            lock = early
        } else {
            lock = try Self.containerLockStep(at: url) {
                try shared.lockFoundFree(name, holder: holder, machine: machine)
            }
        }
        // What the plan found (a change, a temporary file left, its failure) is acted on, or said,
        // only as it is under the lock: unless the marker shows no other sync ended since the
        // scan began, the plan is made again.
        var made: Planned
        switch consume planned {
        case .success(let value): made = value
        case .failure: return (lock, Result { try makePlan(pair, options: options) }, nil)
        }
        do {
            let sides = try openSides(of: pair, container: url)
            try Self.checkNoSyncEnded(on: sides, markerSeen: made.markerSeen)
            // Where the lock found out only now that the server ignores conditional writes (a
            // container without a record of it), the plan says so, as one made under the lock does.
            if let warning = Self.conditionsWarning(sides), !made.plan.warnings.contains(warning) {
                made.plan.warnings.append(warning)
            }
        } catch {
            // Another sync ended meanwhile (or the marker could not be looked at): planned again.
            _ = consume made  // its archive let go before the next plan loads it again
            return (lock, Result { try makePlan(pair, options: options) }, nil)
        }
        return (lock, .success(made), nil)
    }

    /// The report of a sync whose plan, made without the container's lock, has nothing to do: no
    /// change, no temporary file left, and a trash whose expiry would remove nothing and finds no
    /// run folder it has not seen (looked at as the expiry looks, reading only; the record of
    /// that look is kept). Nil when the sync needs the lock after all.
    private func finishedWithoutLock(_ planned: Planned, pair: SyncPair, container: URL) -> SyncReport? {
        let (plan, generation) = (planned.plan, planned.archive.generation)
        guard plan.actions.isEmpty, plan.records.isEmpty, !plan.isFirstSync, plan.deletionRefusal == nil,
            planned.leftovers.values.allSatisfy(\.isEmpty), let sides = try? openSides(of: pair, container: container),
            let survey = try? surveyTrash(
                of: pair, sides: sides, changed: false, generation: generation, run: nil, walking: false),
            !survey.due, !survey.unwalked
        else { return nil }
        var report = SyncReport(before: plan)
        do {
            try keep(survey, pair: pair, generation: generation)
        } catch {
            report.warnings.append("the trash was not expired (the next sync tries again): \(error)")
        }
        return report
    }

    /// The plan of `pair`, made while its container's lock is being taken: the plan's reads (the
    /// scans, the archive, the container's document) start at once, beside the lock's requests,
    /// so on a server their round trips overlap; the plan then waits for the lock before it
    /// decides anything (a plan is applied only under the lock, and re-checks each action then,
    /// as a plan made earlier and applied later does). Another machine's sync may have ended
    /// between the reads and the lock (its lock was gone before this one's look): a plan that
    /// changes anything then finds the pair's root marker rewritten and is made again, under the
    /// lock.
    /// - Returns: the lock, for the caller to release, and the plan or why it could not be made.
    /// - Throws: what ``acquireContainerLock(_:)`` throws, whatever became of the plan.
    private func planTakingContainerLock(
        _ pair: SyncPair, options: SyncOptions, on shared: any SideLocking, at url: URL
    ) throws -> (lock: any SideLockHolding, planned: Result<Planned, any Error>) {
        let (name, holder, machine) = (pair.name, containerLockHolder, environment.machineName)
        let taking = InFlight {
            try Self.containerLockStep(at: url) { try shared.lock(name, holder: holder, machine: machine) }
        }
        var planned = Result { try makePlan(pair, options: options, whileLocking: .taking(taking)) }
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

    /// Runs `step`, a request about the container's lock at `url` (a look, or taking it), and
    /// says what went wrong as the engine says it.
    /// - Throws: ``SyncError/pairLocked(holder:)`` while another machine holds the lock,
    ///   ``SyncError/containerUnreachable(_:)``, ``SyncError/containerNotAvailable``, or another
    ///   ``SyncError``.
    nonisolated static func containerLockStep<T>(at url: URL, _ step: () throws -> T) throws -> T {
        do {
            return try step()
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
