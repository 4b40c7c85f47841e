public import FileAccessorInterface
public import FileSystemInterface
public import FileTreeInterface
public import Foundation
public import LockInterface

/// Keeps local folders in sync with their copies in a container, two ways, losing nothing.
///
/// Every outside concern is injected through its protocol, so tests run the whole engine on the
/// Mocks with no I/O. Production code imports `SyncEngineLive`, whose initializer gives every
/// parameter its Live default (`SyncManager()`, `SyncManager(fileSystem: mock)` ...).
///
/// A sync of a pair is a ``plan(_:options:)`` (read-only: scans, compares with the archive,
/// decides) followed by ``apply(_:)`` (carries the plan out, re-checking each action, then saves
/// the archive). A dry run is the plan alone.
///
/// ```swift
/// let manager = SyncManager(fileSystem: fileSystem, fileAccessor: accessor, scanner: scanner,
///                           mutator: mutator, copier: copier, locking: locking, environment: environment)
/// let report = try await manager.sync(try SyncPair(name: "docs", localRoot: documents))
/// ```
public actor SyncManager {
    let dependencies: SyncDependencies
    /// Facts about this machine.
    public let environment: SyncEnvironment

    /// Creates a manager from every dependency.
    /// - Parameters:
    ///   - fileSystem: finds the container.
    ///   - fileAccessor: reads and writes the engine's own files (archive, container document, markers).
    ///   - scanner: lists trees.
    ///   - mutator: creates, removes and moves entries.
    ///   - copier: copies files between the sides.
    ///   - locking: one process per pair.
    ///   - environment: machine name, state folder, clock.
    public init(
        fileSystem: any FileSystemProviding, fileAccessor: any FileAccessorProviding, scanner: any TreeScanning,
        mutator: any TreeMutating, copier: any FileCopying, locking: any PairLocking, environment: SyncEnvironment
    ) {
        self.dependencies = SyncDependencies(
            fileSystem: fileSystem, fileAccessor: fileAccessor, scanner: scanner, mutator: mutator, copier: copier,
            locking: locking)
        self.environment = environment
    }

    // MARK: The guide's API

    /// The container's document (`<container>/data.json`) as bytes; a fresh container's empty
    /// document when there is none yet.
    /// - Throws: ``SyncError/containerNotAvailable``, or ``SyncError/io(path:underlying:)`` wrapping
    ///   the read error.
    public func loadData() throws -> Data {
        let url = try containerURL().appending(path: ContainerDocument.fileName)
        return try dependencies.fileAccessor.readIfPresent(url) ?? ContainerDocument().encoded()
    }

    /// Syncs every pair this machine knows (each with its own container), after reading the
    /// provider's container's document.
    /// - Returns: one report per pair.
    /// - Throws: ``SyncError``: the container is not available, its document cannot be read, or a
    ///   pair's sync was refused.
    @discardableResult
    public func sync() throws -> [SyncReport] {
        let container = try containerURL()
        _ = try loadDocument(in: container)
        return try pairs().map { try sync($0) }
    }

    // MARK: Pairs

    /// Syncs one pair: plan, then apply.
    /// - Throws: ``SyncError`` when refused (container, markers, lock, max-delete) or when the
    ///   engine's own files cannot be read or written. Failures of single paths are in the report.
    /// - Parameter progress: called after each action with how far the sync has come.
    @discardableResult
    public func sync(
        _ pair: SyncPair, options: SyncOptions = SyncOptions(), progress: (@Sendable (SyncProgress) -> Void)? = nil
    ) throws -> SyncReport {
        let lock = try acquireLock(pair)
        defer { lock.release() }
        var (plan, archive, leftovers) = try makePlan(pair, options: options)
        if removeLeftovers(leftovers, pair: pair) {
            (plan, archive, _) = try makePlan(pair, options: options)  // the removals changed their folders
        }
        return try applyHoldingLock(plan, for: pair, archive: archive, progress: progress)
    }

    /// What a sync of `pair` would do, without changing anything (not even the archive).
    /// - Throws: ``SyncError`` as ``sync(_:options:)`` does.
    public func plan(_ pair: SyncPair, options: SyncOptions = SyncOptions()) throws -> SyncPlan {
        try makePlan(pair, options: options).plan
    }

    /// A plan, the archive it was made against, and the temporary files interrupted syncs left
    /// on each side.
    private func makePlan(
        _ pair: SyncPair, options: SyncOptions
    ) throws -> (plan: SyncPlan, archive: Archive, leftovers: [SyncSide: [RelativePath]]) {
        let container = try containerURL(for: pair)
        let document = try loadDocument(in: container)
        let pairRoot = container.appending(path: pair.name, directoryHint: .isDirectory)
        let rules = try ignoreRules(in: pair.localRoot)
        // The archive and both scans are independent reads: do them at once. The scans only read,
        // so running them before the markers are checked changes nothing on disk.
        let store = archiveStore
        let (localScan, containerScan, loaded) = atOnce(
            { try self.scanSide(.local, root: pair.localRoot, rules: rules) },
            { try self.scanSide(.container, root: pairRoot, rules: rules) },
            { try store.load(pair: pair.name) })
        let (stored, archiveProblem) = try loaded.get()
        let (archive, isFirstSync, containerProblem) = continuity(of: stored, pairRoot: pairRoot)
        try checkMarkers(pair: pair, pairRoot: pairRoot, firstSync: isFirstSync)
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
            throw SyncError.rootIsLink(side: .container, path: pairRoot.path(percentEncoded: false))
        } catch TreeError.rootUnavailable where isFirstSync && !dependencies.fileAccessor.fileExists(at: pairRoot) {
            containerView = SideView()  // a first sync into a pair folder that does not exist yet
        } catch {
            throw SyncError.wrap(error, path: pairRoot.path(percentEncoded: false))
        }
        try checkNesting(pair, container: container, pairRoot: pairRoot, local: localView.listed, containerSide: containerView.listed)
        let now = Date(timeIntervalSince1970: environment.now().timeIntervalSince1970.rounded(.down))
        let leftovers = [SyncSide.local: localView.leftovers, .container: containerView.leftovers]
        func plan(_ decided: Reconciler.Result) -> SyncPlan {
            SyncPlan(
                version: SyncPlan.currentVersion, pair: pair.name, localRoot: pair.localRoot.path(percentEncoded: false),
                containerRoot: pairRoot.path(percentEncoded: false), machine: environment.machineName, createdAt: now,
                archiveGeneration: archive.generation, isFirstSync: isFirstSync,
                trashFolder: TrashStamp.folderName(for: now, generation: archive.generation),
                actions: decided.actions, conflicts: decided.conflicts, records: decided.records,
                warnings: [archiveProblem, containerProblem].compactMap { $0 } + localView.warnings + containerView.warnings + decided.warnings,
                unsynced: localView.unsynced + containerView.unsynced + decided.unsynced)
        }
        if !isFirstSync, archiveProblem == nil, IdleCheck.holds(local: localView, container: containerView, archive: archive.records) {
            return (plan(Reconciler.Result()), archive, leftovers)
        }
        let copier = dependencies.copier
        let roots = [SyncSide.local: pair.localRoot, .container: pairRoot]
        let (localEntries, containerEntries, _) = atOnce({ localView.entries }, { containerView.entries }, {})
        var reconciler = Reconciler(
            local: try localEntries.get(), container: try containerEntries.get(),
            archive: isFirstSync ? [:] : archive.records,
            unknown: localView.unknown + containerView.unknown, options: options, machine: environment.machineName,
            otherMachine: document.lastOtherMachine(pair: pair.name, besides: environment.machineName) ?? "container",
            now: now,
            digest: { side, entry in try copier.digest(of: entry.path, in: roots[side] ?? pairRoot) })
        reconciler.holdsExcluded = [.local: localView.holdsExcluded, .container: containerView.holdsExcluded]
        let decided: Reconciler.Result
        do {
            decided = try reconciler.run()
        } catch {
            throw SyncError.wrap(error, path: pair.localRoot.path(percentEncoded: false))
        }
        try checkDeletions(decided.actions, local: localView, container: containerView, options: options)
        return (plan(decided), archive, leftovers)
    }

    /// Removes the temporary files interrupted syncs of `pair` left (only a sync holding the
    /// pair's lock writes them, so none belongs to a running one). One that cannot be removed
    /// stays; it is harmless, as sync never reads it.
    /// - Returns: whether anything was removed.
    private func removeLeftovers(_ leftovers: [SyncSide: [RelativePath]], pair: SyncPair) -> Bool {
        guard leftovers.values.contains(where: { !$0.isEmpty }), let roots = try? sideRoots(of: pair) else { return false }
        var removed = false
        for (side, paths) in leftovers {
            guard let root = roots[side] else { continue }
            for path in paths where (try? dependencies.mutator.removeItem(path, in: root)) != nil { removed = true }
        }
        return removed
    }

    /// Carries out a plan exactly, re-checking each action just before acting and skipping (with
    /// the reason) any whose source or destination changed since; then saves the archive.
    /// - Throws: ``SyncError/planOutdated(_:)`` when the pair synced since the plan was made, and
    ///   the refusals of ``sync(_:options:)``.
    /// - Parameter progress: called after each action with how far the apply has come.
    @discardableResult
    public func apply(_ plan: SyncPlan, progress: (@Sendable (SyncProgress) -> Void)? = nil) throws -> SyncReport {
        let planned = try SyncPair(name: plan.pair, localRoot: URL(filePath: plan.localRoot, directoryHint: .isDirectory))
        let pair = try checkRegistered(planned) ?? planned
        let lock = try acquireLock(pair)
        defer { lock.release() }
        return try applyHoldingLock(plan, for: pair, archive: nil, progress: progress)
    }

    /// Applies a plan; the caller holds the pair's lock.
    /// - Parameter archive: the archive the plan was made against under the same lock, or nil to
    ///   load it (and refuse the plan if the pair synced since).
    private func applyHoldingLock(
        _ plan: consuming SyncPlan, for pair: SyncPair, archive planned: Archive?,
        progress: (@Sendable (SyncProgress) -> Void)?
    ) throws -> SyncReport {
        let container = try containerURL(for: pair)
        let pairRoot = container.appending(path: pair.name, directoryHint: .isDirectory)
        guard pairRoot.path(percentEncoded: false) == plan.containerRoot else {
            throw SyncError.planOutdated("the container moved to \(container.path)")
        }
        var report = SyncReport(pair: pair.name)
        report.conflicts = plan.conflicts
        report.warnings = plan.warnings
        report.unsynced = plan.unsynced
        report.wasFirstSync = plan.isFirstSync
        // A plan from outside is data, not a decision: whether this is a first sync (which skips the
        // marker guard) comes from this machine's archive and the container found, never the plan.
        let continued = try planned.map { ($0, plan.isFirstSync, nil) }
            ?? continuity(of: archiveStore.load(pair: pair.name).0, pairRoot: pairRoot)
        var archive = continued.0
        let isFirstSync = continued.1
        guard archive.generation == plan.archiveGeneration else {
            throw SyncError.planOutdated("the pair synced since the plan was made")
        }
        guard isFirstSync == plan.isFirstSync else {
            throw SyncError.planOutdated(isFirstSync ? "the container is not the one the plan was made against" : "the pair has synced before")
        }
        if plan.actions.isEmpty && plan.records.isEmpty && !isFirstSync { return report }
        try checkMarkers(pair: pair, pairRoot: pairRoot, firstSync: isFirstSync)
        try prepareRoots(pair: pair, container: container, pairRoot: pairRoot)
        var ledger: PlanExecutor.Ledger
        do {
            var executor = PlanExecutor(
                scanner: dependencies.scanner, mutator: dependencies.mutator, copier: dependencies.copier,
                localRoot: pair.localRoot, containerRoot: pairRoot, trashFolder: plan.trashFolder,
                workers: environment.copyWorkers, report: report)
            executor.run(plan.actions, progress: progress)
            ledger = executor.ledger
        }
        plan.actions = []  // done with them (the report keeps what was done): free them for what follows
        report = ledger.report
        // Every change must be durable before the archive says it happened (the container holds
        // the pair's folder, which a first sync may have just made).
        for root in [pair.localRoot, container] {
            do {
                try dependencies.mutator.flush(root)
            } catch {
                throw SyncError.wrap(error, path: root.path(percentEncoded: false))
            }
        }
        try update(&archive, from: plan, ledger: ledger, localRoot: pair.localRoot, pairRoot: pairRoot)
        ledger.known = [:]  // no longer needed: let the archive's encoding have the memory
        archive.container = try advanceStamp(of: pair, pairRoot: pairRoot, archived: archive.container)
        archive.generation += 1
        // The container's document before the archive: a sync killed while writing it has not
        // saved its archive yet, so the next run writes the document again (and the write removes
        // its own leftover temporary file); after the archive, that run would have nothing to do.
        try recordSync(of: pair, in: container)
        try archiveStore.save(archive)
        return report
    }

    /// Applies a plan's record updates to `archive`, for the groups whose actions all completed.
    /// The after-apply lookups live only as long as this call, so they are gone before the archive
    /// is encoded (at 100,000 paths each is tens of megabytes).
    private func update(
        _ archive: inout Archive, from plan: SyncPlan, ledger: PlanExecutor.Ledger, localRoot: URL, pairRoot: URL
    ) throws {
        let lookup = try entryLookup(
            refreshing: plan.records.reduce(0) { $0 + ($1.change == .refresh ? 1 : 0) }, treeSize: archive.records.count,
            localRoot: localRoot, pairRoot: pairRoot)
        archive.records.reserveCapacity(archive.records.count + plan.records.count)
        for update in plan.records where !ledger.unfinished.contains(update.group) {
            switch update.change {
            case .set: archive.records[update.path] = update.record
            case .remove: archive.records[update.path] = nil
            case .refresh:
                if let record = try? refreshedRecord(update, lookup: lookup, known: ledger.known) {
                    archive.records[update.path] = record
                }
            }
        }
    }

    /// The pairs this machine knows.
    public func pairs() throws -> [SyncPair] {
        try PairRegistry(accessor: dependencies.fileAccessor, stateFolder: environment.stateFolder).load()
    }

    /// Adds a pair to (or replaces it in) this machine's list.
    public func register(_ pair: SyncPair) throws {
        let registry = PairRegistry(accessor: dependencies.fileAccessor, stateFolder: environment.stateFolder)
        var pairs = try registry.load().filter { $0.name != pair.name }
        pairs.append(pair)
        try registry.save(pairs.sorted { $0.name < $1.name })
    }

    // MARK: Helpers

    /// The container folder.
    /// - Throws: ``SyncError/containerNotAvailable`` when the provider gives nil.
    public func containerURL() throws -> URL {
        guard let url = dependencies.fileSystem.containerURL(for: .sync) else { throw SyncError.containerNotAvailable }
        return url
    }

    /// The container `pair` syncs with: its own, or the provider's.
    /// - Throws: ``SyncError/containerNotAvailable`` when the pair has none and the provider gives
    ///   nil, or when the pair's own container is not there (an unmounted disk).
    public func containerURL(for pair: SyncPair) throws -> URL {
        guard let own = pair.container else { return try containerURL() }
        let root = try? dependencies.scanner.entry(at: .root, in: own)
        guard root?.kind == .directory else {
            throw SyncError.containerNotAvailable
        }
        return own
    }

    var archiveStore: ArchiveStore {
        ArchiveStore(accessor: dependencies.fileAccessor, mutator: dependencies.mutator, stateFolder: environment.stateFolder)
    }

    private func acquireLock(_ pair: SyncPair) throws -> any HeldLock {
        do {
            return try dependencies.locking.acquire(pair.name, holder: environment.lockHolder)
        } catch LockError.held(let holder) {
            throw SyncError.pairLocked(holder: holder)
        } catch {
            throw SyncError.wrap(error, path: "lock of pair \(pair.name)")
        }
    }

    /// One side's scan without excluded names, remembering which folders hold excluded entries.
    nonisolated private func scanSide(_ side: SyncSide, root: URL, rules: IgnoreRules) throws -> SideView {
        var excluded: [RelativePath] = []
        let scan = try dependencies.scanner.scan(root: root) { path, kind in
            let skip = rules.isExcluded(path, kind: kind)
            if skip { excluded.append(path) }
            return skip
        }
        return SideView(scan: scan, side: side, excluded: excluded, root: root)
    }

    /// The container's document; a fresh one when there is none yet.
    func loadDocument(in container: URL) throws -> ContainerDocument {
        let url = container.appending(path: ContainerDocument.fileName)
        guard let data = try dependencies.fileAccessor.readIfPresent(url) else { return ContainerDocument() }
        return try ContainerDocument.decode(data, path: url.path)
    }

    private func recordSync(of pair: SyncPair, in container: URL) throws {
        var document = try loadDocument(in: container)
        document.recordSync(pair: pair.name, machine: environment.machineName, at: environment.now())
        let url = container.appending(path: ContainerDocument.fileName)
        do {
            try dependencies.fileAccessor.write(try document.encoded(), to: url)
        } catch {
            throw SyncError.wrap(error, path: url.path)
        }
    }

    private func checkMarkers(pair: SyncPair, pairRoot: URL, firstSync: Bool) throws {
        let accessor = dependencies.fileAccessor
        guard accessor.fileExists(at: pair.localRoot) else {
            throw SyncError.localFolderMissing(pair.localRoot.path(percentEncoded: false))
        }
        guard !firstSync else { return }
        if !RootMarker.exists(in: pair.localRoot, accessor: accessor) {
            throw SyncError.rootMarkerMissing(side: .local, path: pair.localRoot.path(percentEncoded: false))
        }
        if !RootMarker.exists(in: pairRoot, accessor: accessor) {
            throw SyncError.rootMarkerMissing(side: .container, path: pairRoot.path(percentEncoded: false))
        }
    }

    private func prepareRoots(pair: SyncPair, container: URL, pairRoot: URL) throws {
        let accessor = dependencies.fileAccessor
        if !accessor.fileExists(at: pairRoot) {
            do {
                try dependencies.mutator.makeDirectory(try RelativePath(components: [pair.name]), in: container)
            } catch TreeError.alreadyExists {
            } catch {
                throw SyncError.wrap(error, path: pairRoot.path(percentEncoded: false))
            }
        }
        for root in [pair.localRoot, pairRoot] where !RootMarker.exists(in: root, accessor: accessor) {
            try checkStillInPlace(root)
            try RootMarker.write(in: root, pair: pair.name, accessor: accessor)
        }
    }

    private func ignoreRules(in localRoot: URL) throws -> IgnoreRules {
        let data = try dependencies.fileAccessor.readIfPresent(localRoot.appending(path: ".synccliignore"))
        return IgnoreRules(data.map { String(decoding: $0, as: UTF8.self) } ?? "")
    }

    private func checkDeletions(_ actions: [SyncAction], local: SideView, container: SideView, options: SyncOptions) throws {
        for side in SyncSide.allCases {
            let count = actions.reduce(0) { $0 + ($1.side == side && $1.isDeletion ? 1 : 0) }
            let total = side == .local ? local.fileCount : container.fileCount
            guard count > options.deletionsAlwaysAllowed, total > 0 else { continue }
            if count * 100 > total * options.maxDeletePercent {
                throw SyncError.tooManyDeletions(side: side, count: count, total: total, limitPercent: options.maxDeletePercent)
            }
        }
    }

    /// How to look at paths after an apply: one by one when they are few next to the tree (a walk
    /// to one path costs a few system calls; a scan costs one per entry), else from one fresh
    /// scan of each side, both sides at once.
    /// - Parameter treeSize: about how many entries each side holds (the archive's count).
    private func entryLookup(
        refreshing count: Int, treeSize: Int, localRoot: URL, pairRoot: URL
    ) throws -> (SyncSide, RelativePath) throws -> TreeEntry? {
        let scanner = dependencies.scanner
        guard count > 64, count * 16 > treeSize else {
            return { side, path in try scanner.entry(at: path, in: side == .local ? localRoot : pairRoot) }
        }
        let skipOwn: @Sendable (RelativePath, EntryKind) -> Bool = { path, _ in path.name.hasPrefix(IgnoreRules.reservedPrefix) }
        // A scan lists entries in path order: look paths up by bisection, with no dictionary.
        let scan: @Sendable (URL) throws -> [TreeEntry] = { root in try scanner.scan(root: root, excluding: skipOwn).entries }
        let (local, container, _) = atOnce({ try scan(localRoot) }, { try scan(pairRoot) }, {})
        let entries = [SyncSide.local: try local.get(), .container: try container.get()]
        return { side, path in entries[side].flatMap { Self.bisect($0, for: path) } }
    }

    /// The entry at `path` in entries sorted by path, or nil.
    static func bisect(_ entries: [TreeEntry], for path: RelativePath) -> TreeEntry? {
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].path < path { low = middle + 1 } else { high = middle }
        }
        return low < entries.count && entries[low].path == path ? entries[low] : nil
    }

    /// The record of a path after its actions, or nil (keeping the old record, so the next run
    /// looks again) unless both sides still hold exactly what the actions wrote or read there: an
    /// edit made during the sync must never be recorded as synced.
    private func refreshedRecord(
        _ update: RecordUpdate, lookup: (SyncSide, RelativePath) throws -> TreeEntry?,
        known: [SyncSide: [RelativePath: Seen]]
    ) throws -> ArchiveRecord? {
        guard let l = try lookup(.local, update.path), let c = try lookup(.container, update.path),
              l.kind == c.kind, l.size == c.size
        else { return nil }
        for (side, now) in [(SyncSide.local, l), (.container, c)] {
            if let expected = known[side]?[update.path], !expected.matches(now) { return nil }
        }
        return ArchiveRecord(
            path: update.path, kind: l.kind, size: l.size, digest: update.digest, local: SideSnapshot(l), container: SideSnapshot(c))
    }
}
