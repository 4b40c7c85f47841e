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
/// Both sides of a pair (the local folder and the pair's folder in the container) are reached
/// through ``FileTreeInterface/SyncSideProviding`` values that an injected
/// ``FileTreeInterface/SideOpening`` opens; the engine never touches a side by path.
///
/// ```swift
/// let manager = SyncManager(fileSystem: fileSystem, fileAccessor: accessor, sides: sides,
///                           locking: locking, environment: environment)
/// let report = try await manager.sync(try SyncPair(name: "docs", localRoot: documents))
/// ```
public actor SyncManager {
    let dependencies: SyncDependencies
    /// Facts about this machine.
    public let environment: SyncEnvironment

    /// Creates a manager whose sides are folders reached through root-taking tree protocols.
    ///
    /// The sides are ``FileTreeInterface/FolderSide``s over `scanner`, `mutator` and `copier`,
    /// with their documents (root markers, the container's `data.json`, the ignore file) read and
    /// written through `fileAccessor` (``FileAccessorDocuments``), as the guide's tests expect.
    /// - Parameters:
    ///   - fileSystem: finds the container.
    ///   - fileAccessor: reads and writes the engine's own files (archive, pair list, container
    ///     document, markers).
    ///   - scanner: lists trees.
    ///   - mutator: creates, removes and moves entries.
    ///   - copier: copies files between the sides.
    ///   - locking: one process per pair.
    ///   - environment: machine name, state folder, clock.
    ///   - bookmarks: where each pair's folder bookmark is kept; nil: pairs are found by their
    ///     paths alone.
    public init(
        fileSystem: any FileSystemProviding, fileAccessor: any FileAccessorProviding, scanner: any TreeScanning,
        mutator: any TreeMutating, copier: any FileCopying, locking: any PairLocking, environment: SyncEnvironment,
        bookmarks: PairBookmarks? = nil
    ) {
        let sides = FolderSides(
            scanner: scanner, mutator: mutator, copier: copier, documents: FileAccessorDocuments(accessor: fileAccessor)
        )
        self.init(
            fileSystem: fileSystem, fileAccessor: fileAccessor, sides: sides, locking: locking,
            environment: environment,
            bookmarks: bookmarks)
    }

    /// Creates a manager that reaches every side through `sides`.
    /// - Parameters:
    ///   - fileSystem: finds the container.
    ///   - fileAccessor: reads and writes this machine's own files in the state folder (archives,
    ///     the pair list).
    ///   - sides: opens the local folder, the container and the pair's folder in it (and the state
    ///     folder, to make the archive's folders).
    ///   - locking: one process per pair.
    ///   - environment: machine name, state folder, clock.
    ///   - bookmarks: where each pair's folder bookmark is kept (``register(_:)`` records it,
    ///     ``trackedPairs()`` follows it); nil: pairs are found by their paths alone.
    public init(
        fileSystem: any FileSystemProviding, fileAccessor: any FileAccessorProviding, sides: any SideOpening,
        locking: any PairLocking, environment: SyncEnvironment, bookmarks: PairBookmarks? = nil
    ) {
        self.dependencies = SyncDependencies(
            fileSystem: fileSystem, fileAccessor: fileAccessor, sides: sides, locking: locking, bookmarks: bookmarks)
        self.environment = environment
    }

    // MARK: The guide's API

    /// The container's document (`<container>/data.json`) as bytes; a fresh container's empty
    /// document when there is none yet.
    /// - Throws: ``SyncError/containerNotAvailable``, or ``SyncError/io(path:underlying:)`` wrapping
    ///   the read error.
    public func loadData() throws -> Data {
        try readContainerDocument(on: openSide(at: try containerURL())) ?? ContainerDocument().encoded()
    }

    /// Syncs every pair this machine knows (each with its own container, a renamed folder followed
    /// through its bookmark: see ``trackedPairs()``), after reading the provider's container's
    /// document.
    /// - Returns: one report per pair.
    /// - Throws: ``SyncError``: the container is not available, its document cannot be read, or a
    ///   pair's sync was refused.
    @discardableResult
    public func sync() throws -> [SyncReport] {
        _ = try loadDocument(in: try containerURL())
        return try trackedPairs().map { try sync($0.pair) }
    }

    // MARK: Pairs

    /// Syncs one pair: plan, then apply; records how it ended in the pair's ``history(of:)``.
    /// - Throws: ``SyncError`` when refused (container, markers, lock, max-delete) or when the
    ///   engine's own files cannot be read or written. Failures of single paths are in the report.
    /// - Parameter progress: called after each action with how far the sync has come.
    @discardableResult
    public func sync(
        _ pair: SyncPair, options: SyncOptions = SyncOptions(), progress: (@Sendable (SyncProgress) -> Void)? = nil
    ) throws -> SyncReport {
        do {
            let report = try syncOnce(pair, options: options, progress: progress)
            recordAttempt(of: pair, failure: nil)
            return report
        } catch {
            recordAttempt(of: pair, failure: error)
            throw error
        }
    }

    private func syncOnce(
        _ pair: SyncPair, options: SyncOptions, progress: (@Sendable (SyncProgress) -> Void)?
    ) throws -> SyncReport {
        let lock = try acquireLock(pair)
        defer { lock.release() }
        let (shared, planned, finished) = try planForSync(pair, options: options)
        defer { shared?.release() }
        if let finished { return finished }
        // Consumed: kept here as well, the plan's actions and the archive's records would be held
        // twice, and the archive's records copied when the apply changes them.
        var (plan, archive, leftovers, _) = try (consume planned).get()
        if let refusal = plan.deletionRefusal { throw refusal.error }
        if removeLeftovers(leftovers, pair: pair) {
            (plan, archive, _, _) = try makePlan(pair, options: options)  // the removals changed their folders
            if let refusal = plan.deletionRefusal { throw refusal.error }
        }
        return try applyHoldingLock(consume plan, for: pair, archive: consume archive, progress: progress)
    }

    /// What a sync of `pair` would do, without changing anything (not even the archive). A plan
    /// the delete guard refuses is returned with ``SyncPlan/deletionRefusal`` set, not thrown.
    /// - Throws: ``SyncError`` as ``sync(_:options:)`` does, but for the delete guard.
    public func plan(_ pair: SyncPair, options: SyncOptions = SyncOptions()) throws -> SyncPlan {
        try makePlan(pair, options: options).plan
    }

    /// Carries out a plan exactly, re-checking each action just before acting and skipping (with
    /// the reason) any whose source or destination changed since; then saves the archive. How it
    /// ended is recorded in the pair's ``history(of:)``, as a sync's is.
    /// - Throws: ``SyncError/planOutdated(_:)`` when the pair synced since the plan was made,
    ///   ``SyncError/tooManyDeletions(side:count:total:limitPercent:)`` for a plan the delete guard
    ///   refused, and the refusals of ``sync(_:options:)``.
    /// - Parameter progress: called after each action with how far the apply has come.
    @discardableResult
    public func apply(_ plan: SyncPlan, progress: (@Sendable (SyncProgress) -> Void)? = nil) throws -> SyncReport {
        if let refusal = plan.deletionRefusal { throw refusal.error }
        let planned = try SyncPair(
            name: plan.pair, localRoot: URL(filePath: plan.localRoot, directoryHint: .isDirectory))
        let pair = try checkRegistered(planned) ?? planned
        do {
            let report = try applyOnce(plan, for: pair, progress: progress)
            recordAttempt(of: pair, failure: nil)
            return report
        } catch {
            recordAttempt(of: pair, failure: error)
            throw error
        }
    }

    private func applyOnce(
        _ plan: SyncPlan, for pair: SyncPair, progress: (@Sendable (SyncProgress) -> Void)?
    ) throws -> SyncReport {
        let lock = try acquireLock(pair)
        defer { lock.release() }
        let shared = try acquireContainerLock(pair)
        defer { shared?.release() }
        return try applyHoldingLock(plan, for: pair, archive: nil, progress: progress)
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
    /// - Throws: ``SyncError/containerUnreachable(_:)`` when the container is on a server that
    ///   cannot be used now, with the reason.
    public func containerURL(for pair: SyncPair) throws -> URL {
        let url = try pair.container ?? containerURL()
        // A folder the provider gives was found by the provider; any other container is looked at.
        guard pair.container != nil || !url.isFileURL else { return url }
        let root: TreeEntry?
        do {
            root = try dependencies.sides.openSide(at: url).entry(at: .root)
        } catch TreeError.rootUnavailable(_, reason: .unreachable(let reason)) {
            throw SyncError.containerUnreachable("\(Self.displayed(url)): \(reason)")
        } catch {
            root = nil
        }
        guard root?.kind == .directory else { throw SyncError.containerNotAvailable }
        return url
    }

    /// A container for messages: a folder's path, a server's URL as given.
    nonisolated static func displayed(_ url: URL) -> String {
        url.isFileURL ? url.path(percentEncoded: false) : url.absoluteString
    }

    var archiveStore: ArchiveStore {
        ArchiveStore(
            accessor: dependencies.fileAccessor, sides: dependencies.sides, state: environment.state)
    }
}
