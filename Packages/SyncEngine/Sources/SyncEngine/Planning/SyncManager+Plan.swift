import FileTreeInterface
import Foundation

extension SyncManager {
    /// A plan, the archive it was made against, the temporary files interrupted syncs left on
    /// each side, and (for a plan made beside a step of the container's lock) the pair's root
    /// marker as the scan's first listing showed it.
    typealias Planned = (
        plan: SyncPlan, archive: Archive, leftovers: [SyncSide: [RelativePath]], markerSeen: TreeEntry?
    )

    /// The plan of `pair`.
    /// - Parameter locking: the container's lock being taken meanwhile, or looked at, if it is:
    ///   the plan waits for that once its reads are done and decides nothing before (what it
    ///   throws is thrown). Either looks at the container, so the plan does not look at it first.
    ///   A plan made while the lock was taken that changes anything then checks that no other
    ///   machine's sync ended since its scan began (``checkNoSyncEnded(on:markerSeen:)``:
    ///   ``SyncEndedWhilePlanning`` is thrown).
    func makePlan(_ pair: SyncPair, options: SyncOptions, whileLocking locking: ContainerLockStep? = nil)
        throws -> Planned
    {
        let container = try locking == nil ? containerURL(for: pair) : pair.container ?? containerURL()
        let sides = try openSides(of: pair, container: container)
        let rules = try ignoreRules(on: sides.local)
        // Both scans, the archive and the container's document are independent reads: do them at
        // once (on a server, the document's round trip overlaps the scan's). The scans only read,
        // so running them before the markers are checked changes nothing on disk.
        // Beside a look at the container's lock, the local scan and the archive tell the look
        // whether the sync writes as soon as both are read (it then takes the lock at once).
        let store = archiveStore
        let forecast = locking?.forecast
        let (localScan, containerScan, loaded) = atOnce(
            {
                let scan = Result { try self.scanSide(.local, of: sides, rules: rules, abandoned: locking) }
                forecast?.offer(local: try? scan.get())
                return try scan.get()
            },
            { try self.scanSide(.container, of: sides, rules: rules, abandoned: locking) },
            {
                let stored = Result { try store.load(pair: pair.name) }
                forecast?.offer(archive: try? stored.get().0)
                return (try self.loadDocument(on: sides.container), try stored.get())
            })
        try locking?.wait()
        // The pair's marker as the scan's first listing showed it, before the lock was held.
        let markerSeen = locking == nil ? nil : try? sides.pair.entry(at: RootMarker.path)
        let (document, (stored, archiveProblem)) = try loaded.get()
        let (archive, isFirstSync, containerProblem) = continuity(of: stored, sides: sides)
        try checkRootsAreNotLinks(sides)
        try checkMarkers(pair: pair, sides: sides, firstSync: isFirstSync)
        let localView: SideView
        let containerView: SideView
        do {
            localView = try localScan.get()
        } catch TreeError.rootUnavailable(_, reason: .symbolicLink) {
            throw SyncError.rootIsLink(side: .local, path: pair.localRoot.path(percentEncoded: false))
        } catch TreeError.rootUnavailable {
            throw SyncError.localFolderMissing(pair.localRoot.path(percentEncoded: false))
        } catch {
            throw SyncError.wrap(error, path: pair.localRoot.path(percentEncoded: false))
        }
        do {
            containerView = try containerScan.get()
        } catch TreeError.rootUnavailable(_, reason: .symbolicLink) {
            throw SyncError.rootIsLink(side: .container, path: sides.pairRoot.path(percentEncoded: false))
        } catch TreeError.rootUnavailable where isFirstSync && !sides.pairFolderExists {
            containerView = SideView()  // a first sync into a pair folder that does not exist yet
        } catch {
            throw SyncError.wrap(error, path: sides.pairRoot.path(percentEncoded: false))
        }
        try checkNesting(pair, sides: sides, local: localView.listed, containerSide: containerView.listed)
        let now = Date(timeIntervalSince1970: environment.now().timeIntervalSince1970.rounded(.down))
        let leftovers = [SyncSide.local: localView.leftovers, .container: containerView.leftovers]
        func plan(_ decided: Reconciler.Result, verdict: DeletionVerdict = DeletionVerdict()) -> SyncPlan {
            var plan = SyncPlan(
                version: SyncPlan.currentVersion, pair: pair.name,
                localRoot: pair.localRoot.path(percentEncoded: false),
                containerRoot: sides.pairRoot.path(percentEncoded: false), machine: environment.machineName,
                createdAt: now, archiveGeneration: archive.generation, isFirstSync: isFirstSync,
                trashFolder: TrashStamp.folderName(for: now, generation: archive.generation),
                actions: decided.actions, conflicts: decided.conflicts, records: decided.records,
                warnings: [archiveProblem, containerProblem, Self.conditionsWarning(sides), verdict.warning]
                    .compactMap { $0 } + localView.warnings + containerView.warnings + decided.warnings,
                unsynced: localView.unsynced + containerView.unsynced + decided.unsynced)
            plan.deletionRefusal = verdict.refusal
            plan.approvedDeletions = verdict.approved
            plan.recordsApproval = verdict.recordsApproval
            return plan
        }
        if !isFirstSync, archiveProblem == nil,
            IdleCheck.holds(local: localView, container: containerView, archive: archive.records)
        {
            return (plan(Reconciler.Result()), archive, leftovers, markerSeen)
        }
        var reconciler = Reconciler(
            local: localView.entries, container: containerView.entries,
            archive: isFirstSync ? [:] : archive.records.table,
            unknown: localView.unknown + containerView.unknown, options: options, machine: environment.machineName,
            otherMachine: document.lastOtherMachine(pair: pair.name, besides: environment.machineName) ?? "container",
            now: now,
            digest: { side, entry in try sides[side].digest(of: entry.path) })
        // Which paths need deciding at all (a first sync has no records).
        if !isFirstSync {
            reconciler.settlement = Settlement.of(
                local: localView.listed, container: containerView.listed, archive: archive.records.table)
        }
        reconciler.holdsExcluded = [.local: localView.holdsExcluded, .container: containerView.holdsExcluded]
        reconciler.identityKinds = [
            .local: sides.local.capabilities.identity, .container: sides.pair.capabilities.identity,
        ]
        // A path whose contents cannot be read is that path's failure, in the plan: planning itself
        // does not fail.
        let decided = reconciler.run()
        if locking?.isTaking == true, !decided.actions.isEmpty || !decided.records.isEmpty {
            try Self.checkNoSyncEnded(on: sides, markerSeen: markerSeen)
        }
        let verdict = deletionVerdict(
            decided.actions, local: localView, container: containerView, options: options, pair: pair, sides: sides,
            archived: isFirstSync ? nil : archive.container)
        return (plan(decided, verdict: verdict), archive, leftovers, markerSeen)
    }

    /// The warning for a container whose server does not enforce conditional writes (said once
    /// a plan, so once a sync).
    nonisolated static func conditionsWarning(_ sides: PairSides) -> String? {
        let capabilities = sides.pair.capabilities
        guard capabilities.identity == .serverVersion, !capabilities.features.contains(.conditionalWrites) else {
            return nil
        }
        return "\(sides.pair.location): the server ignores conditional writes (If-Match); each target is looked at "
            + "again just before it is written, but a client writing there at the same moment could still be overwritten"
    }

    /// One side's scan without excluded names, remembering which folders hold excluded entries.
    /// - Parameter lock: the container's lock being taken (or looked at) meanwhile: once it is
    ///   refused (or found there), the scan enters no more folders (its view is thrown away: a
    ///   pair another machine holds is refused at once, not after a walk of the whole tree).
    nonisolated private func scanSide(
        _ side: SyncSide, of sides: PairSides, rules: IgnoreRules, abandoned lock: ContainerLockStep?
    ) throws -> SideView {
        var excluded: [RelativePath] = []
        let scan = try sides[side].scan { path, kind in
            if kind == .directory, lock?.hasFailed == true { return true }
            let skip = rules.isExcluded(path, kind: kind)
            if skip { excluded.append(path) }
            return skip
        }
        return SideView(scan: scan, side: side, excluded: excluded, root: sides.root(side))
    }

    /// The ignore rules in the local folder's `.synccliignore` (none when there is no such file).
    private func ignoreRules(on local: any SyncSideProviding) throws -> IgnoreRules {
        let data: Data?
        do {
            data = try local.readDocument(named: ReservedNames.ignoreFile)
        } catch {
            throw SyncError.wrap(error, path: Self.documentPath(ReservedNames.ignoreFile, on: local))
        }
        return IgnoreRules(data.map { String(decoding: $0, as: UTF8.self) } ?? "")
    }
}
