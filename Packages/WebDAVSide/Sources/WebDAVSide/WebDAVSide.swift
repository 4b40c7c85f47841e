public import FileTreeInterface
import Foundation
import NetworkInterface

/// One side of a sync on a WebDAV server: a collection and everything below it, reached through
/// an ``NetworkInterface/HTTPTransport`` (made by ``WebDAVSides``).
///
/// - Listing is `PROPFIND` with `Depth: 1`, folder by folder, several folders at once. A listing
///   that fails half-way is a problem of that folder, never an empty folder; an HTML page
///   instead of a multistatus is an error.
/// - A file's identity is its ETag (``FileTreeInterface/SideCapabilities/IdentityKind/serverVersion``):
///   any write by anyone changes it. Its time and mode are kept in ``SideMetadata`` at the root.
/// - Every change is conditional on what this side last saw: removals and moves carry
///   `If-Match` with the ETag, new names `If-None-Match: *`, moves `Overwrite: F`; a `412` is
///   ``FileTreeInterface/TreeError/sourceChanged(_:)`` or ``FileTreeInterface/TreeError/alreadyExists(_:)``,
///   never an overwrite. Where the server ignores conditions (probed once per server), each
///   target is looked at again just before it is written.
public struct WebDAVSide: SyncSideProviding {
    let root: RemoteRoot
    let transport: any HTTPTransport
    let blocking: Blocking
    let registry: SideRegistry
    let settings: WebDAVSides.Settings

    public var location: String { root.url.absoluteString }

    /// An ETag-identified tree whose writes are conditional (where the server enforces them),
    /// whose times and modes are kept in the side's metadata, and whose moves never replace; it
    /// takes ``WebDAVSides/Settings/width`` copies at once (and commits them
    /// ``WebDAVSides/Settings/smallRequestWidth`` at once).
    ///
    /// Reading this sends nothing (a dry run changes nothing on the server): conditional writes
    /// are claimed until the first change, or the container lock, has probed the server and
    /// found it ignores them.
    public var capabilities: SideCapabilities {
        var features: SideCapabilities.Features = [.atomicRename, .settableModificationTimes, .durableBatches]
        if registry.enforcesConditions(Self.serverKey(root.url)) != false { features.insert(.conditionalWrites) }
        return SideCapabilities(features: features, identity: .serverVersion, parallelism: settings.width)
    }

    /// The identity of the folder at `path`: the one it carried before this side moved it there
    /// (its ``FileTreeInterface/FileIdentity/low`` word, kept in the side's metadata), else one
    /// made from its server path as a version (folders have no stable version on most servers).
    func folderIdentity(_ path: RelativePath, metadata: SideMetadata? = nil) -> FileIdentity {
        if !path.isRoot, let carried = metadata?.identities[path.text] { return Self.identity(word: carried) }
        return FileIdentity(version: root.serverPath(of: path))
    }

    /// The identity of a file whose ETag is `etag`: a version identity.
    static func fileIdentity(etag: String?, resource: DAVResource) -> FileIdentity {
        FileIdentity(version: etag ?? "size \(resource.contentLength ?? -1) time \(resource.modified ?? 0)")
    }

    /// A version identity from the word the side keeps for it (``FileTreeInterface/FileIdentity/low``).
    static func identity(word: UInt64) -> FileIdentity {
        FileIdentity(high: FileIdentity.versionTag, low: word)
    }

    /// The prefix of the names the side and the engine keep for themselves.
    static let ownPrefix = ReservedNames.prefix

    // MARK: Listing

    public func scan(excluding: (RelativePath, EntryKind) -> Bool) throws -> TreeScan {
        // The metadata, the root's listing and the root marker do not depend on each other: ask for
        // them at once.
        let metadata: SideMetadata
        let top: [DAVResource]
        if let loaded = registry.withRoot(root, { $0.metadata }) {
            metadata = loaded
            top = try listRoot()
        } else {
            // The first scan of this root: the root marker (which the engine reads next) comes too.
            let answers = sendAll([metadataRequest, rootPropfind(depth: "1"), markerRequest])
            let listed = Result { try rootListing(answers[1].mapError { $0 }, depth: "1") }
            if case .success(let none) = answers[0], none.status == 404 {
                // None yet, kept even for a missing root: a first sync makes the root, then saves it.
                _ = try? keepMetadata(from: .success(none))
            }
            top = try listed.get()
            metadata = try keepMetadata(from: Self.softNotFound(answers[0].mapError { $0 }, listed: top, in: root))
            keepPrefetched(try? answers[2].get(), at: Self.markerPath)
        }
        var scan = TreeScan(entries: [])
        var seen: [RelativePath: SideRegistry.Seen] = [:]
        var folders: [RelativePath] = []
        func take(_ members: [DAVResource], in folder: RelativePath) {
            var listed: [(path: RelativePath, resource: DAVResource)] = []
            var times: [RelativePath: Int] = [:]
            var problems: [ScanProblem] = []
            var stray: String?
            for resource in members {
                switch root.member(ofHref: resource.href) {
                case .root: continue
                case .unusable(let parent, let reason):
                    problems.append(ScanProblem(path: parent, reason: reason, extent: .nameInFolder))
                case .outside:
                    guard let (path, origin) = root.otherServerEntry(ofHref: resource.href) else {
                        stray = stray ?? resource.href
                        continue
                    }
                    guard path.parent == folder, !excluding(path, resource.isCollection ? .directory : .file) else {
                        continue
                    }
                    let server = String(origin.prefix(100)).debugDescription  // control characters escaped
                    problems.append(ScanProblem(path: path, reason: "the server lists it on another server, \(server)"))
                case .entry(let path):
                    guard path.parent == folder, !excluding(path, resource.isCollection ? .directory : .file) else {
                        continue
                    }
                    listed.append((path, resource))
                    times[path, default: 0] += 1
                }
            }
            if let stray {
                // Members under another prefix (a confused proxy) would read as an empty folder.
                let href = String(stray.prefix(200)).debugDescription
                scan.problems.append(
                    ScanProblem(
                        path: folder, reason: "the server's listing of it names \(href), outside it: not listed"))
                return
            }
            scan.problems += problems
            for (path, resource) in listed {
                guard times[path] == 1 else {
                    if times.removeValue(forKey: path) != nil {
                        scan.problems.append(
                            ScanProblem(
                                path: path, reason: "the server lists this name twice (perhaps spelled two ways)"))
                    }
                    continue
                }
                if let etag = resource.etag, etag.utf8.count > Self.longestETag {
                    scan.problems.append(
                        ScanProblem(
                            path: path,
                            reason:
                                "the server gave an ETag of \(etag.utf8.count) bytes (over \(Self.longestETag)): not synced"
                        ))
                    continue
                }
                if resource.isCollection, Self.isTooDeep(path) {
                    scan.problems.append(
                        ScanProblem(
                            path: path,
                            reason: "a folder nested past \(Self.deepestFolder) levels or \(Self.longestPath) bytes "
                                + "(a loop on the server?): not listed"))
                    continue
                }
                guard let entry = entry(resource, at: path, metadata: metadata) else {
                    scan.problems.append(ScanProblem(path: path, reason: "the server gave no size for this file"))
                    continue
                }
                scan.entries.append(entry)
                seen[path] = SideRegistry.Seen(etag: resource.etag)
                if resource.isCollection { folders.append(path) }
            }
        }
        take(top, in: .root)
        while !folders.isEmpty {
            let level = folders
            folders = []
            for (folder, outcome) in listFolders(level) {
                switch outcome {
                case .success(let members): take(members, in: folder)
                case .failure(let failure): scan.problems.append(ScanProblem(path: folder, reason: failure.reason))
                }
            }
        }
        scan.entries.sort { $0.path < $1.path }
        registry.withRoot(root) { $0.seen.merge(seen) { _, new in new } }
        return scan
    }

    /// The longest ETag, in bytes, a side keeps (real servers' are under 100): an entry with a
    /// longer one is a problem, and a copy's is not recorded in the side's metadata, which would
    /// otherwise grow past its limit and stop every later scan.
    static let longestETag = 1_024

    /// The most levels of folders a scan follows: a server that follows a link to a folder above
    /// (a loop) shows a tree without end, listed one level a round trip for ever.
    static let deepestFolder = 255
    /// The longest folder path, in bytes, a scan follows (no local file system holds longer).
    static let longestPath = 4_095

    /// Whether the folder at `path` is past ``deepestFolder`` or ``longestPath``.
    static func isTooDeep(_ path: RelativePath) -> Bool {
        path.text.utf8.count > longestPath
            || path.text.utf8.reduce(1) { $0 + ($1 == UInt8(ascii: "/") ? 1 : 0) } > deepestFolder
    }

    /// The entry at `path`. The root, folders and the side's own documents (`.synccli…`: the root
    /// marker, the metadata) are answered from what this run's listings saw, when they saw them.
    /// A file is looked at again (a caller re-checking a file before acting on it sees another
    /// writer's change), except on a server known to enforce conditions, where a file this run
    /// saw with an ETag, or saw absent, is answered as seen: every change to it is conditional on
    /// that ETag or on its absence (a `412` then says it changed), and a version recorded from it
    /// is told apart from any later write by the next scan.
    public func entry(at path: RelativePath) throws -> TreeEntry? {
        try entry(at: path, answeringFromRun: registry.enforcesConditions(Self.serverKey(root.url)) == true)
    }

    /// The entry at `path`; `answeringFromRun` lets a file (or an absence) this run saw answer
    /// without a request; `current` looks at the side's own documents again too (folders always
    /// come from this run's listings).
    private func entry(at path: RelativePath, answeringFromRun knownToEnforce: Bool, current: Bool = false) throws
        -> TreeEntry?
    {
        if path.isRoot {
            if !rootIsKnown {
                if registry.snapshot.lookup(root.path) == .absent { throw TreeError.rootUnavailable(location) }
                _ = try listRoot(depth: "0")
            }
            return TreeEntry(
                path: .root, kind: .directory, size: 0, modificationNanoseconds: 0, identity: folderIdentity(.root),
                permissions: Self.folderMode)
        }
        let known: DAVResource?
        let ownFromRun = !current && path.name.hasPrefix(Self.ownPrefix)
        switch registry.snapshot.lookup(root.serverPath(of: path)) {
        case .found(let resource) where resource.isCollection || ownFromRun:
            known = resource
        case .absent where ownFromRun || knownToEnforce:
            known = nil
        case .found(let resource) where resource.etag != nil && knownToEnforce:
            known = resource
        default:
            known = try properties(of: path)
        }
        guard let resource = known else {
            registry.withRoot(root) { $0.seen[path] = nil }
            return nil
        }
        remember(resource, at: path)
        return entry(resource, at: path, metadata: loadMetadata())
    }

    /// The mode of a folder the side's metadata records none for (the root's, always).
    static let folderMode: UInt32 = 0o755

    /// The entry a listed resource stands for; nil for a file without a size.
    func entry(_ resource: DAVResource, at path: RelativePath, metadata: SideMetadata) -> TreeEntry? {
        if resource.isCollection {
            return TreeEntry(
                path: path, kind: .directory, size: 0, modificationNanoseconds: 0,
                identity: folderIdentity(path, metadata: metadata),
                permissions: (metadata.folders[path.text] ?? Self.folderMode) & 0o777)
        }
        guard let size = resource.contentLength else { return nil }
        let record = metadata.files[path.text]
        let believed = record.flatMap { $0.etag == resource.etag ? $0.modified : nil }
        let serverTime = (resource.modified ?? 0).multipliedReportingOverflow(by: 1_000_000_000)
        return TreeEntry(
            path: path, kind: .file, size: size,
            modificationNanoseconds: believed ?? (serverTime.overflow ? 0 : serverTime.partialValue),
            identity: Self.fileIdentity(etag: resource.etag, resource: resource),
            permissions: (record?.mode ?? 0o644) & 0o777)
    }

    func remember(_ resource: DAVResource, at path: RelativePath) {
        registry.withRoot(root) { $0.seen[path] = SideRegistry.Seen(etag: resource.etag) }
    }
}

extension WebDAVSide: SideCurrentEntries {
    /// The entry at `path` as the server has it now: a file, one of the side's own documents
    /// (`.synccli…`: the root marker) or an absence is looked at again even where ``entry(at:)``
    /// answers from this run (folders still come from this run's listings, as there).
    public func currentEntry(at path: RelativePath) throws -> TreeEntry? {
        try entry(at: path, answeringFromRun: false, current: true)
    }
}
