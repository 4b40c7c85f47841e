public import FileTreeInterface
import Foundation
import NetworkInterface

extension WebDAVSide {
    /// `MKCOL`. After each `423 Locked` (rclone answers it when two requests make one folder at
    /// once) the folder is looked at again: a folder there now is
    /// ``FileTreeInterface/TreeError/alreadyExists(_:)``, otherwise the request is tried again,
    /// three times at most. A folder this run already saw
    /// or made there is ``FileTreeInterface/TreeError/alreadyExists(_:)`` without a request (the
    /// trash's folders are asked for once per file put there).
    public func makeDirectory(_ path: RelativePath) throws {
        if knownFolder(path) != nil { throw TreeError.alreadyExists(path) }
        let key = root.serverPath(of: path)
        for attempt in 1...Self.lockedAttempts {
            let url = root.url(for: path, collection: true)
            let response = try send(HTTPRequest(.mkcol, url), about: path)
            switch response.status {
            case 200..<300:
                registry.withRoot(root) { $0.seen[path] = SideRegistry.Seen(etag: nil) }
                registry.snapshot.record(DAVResource(href: url.path(percentEncoded: true), isCollection: true), at: key)
                // Just made: the side's own names are not in it (a first sync writes the root
                // marker into the pair's folder next, and would look first; its trash's expiry looks
                // for the trash). Only these names: another lane may already be moving a file into it.
                for name in [ReservedNames.rootMarker, SideMetadata.documentName, ReservedNames.trashFolder] {
                    registry.snapshot.record(nil, at: key + "/" + name)
                }
                return
            case 405: throw TreeError.alreadyExists(path)
            case 423:
                if try properties(of: path)?.isCollection == true { throw TreeError.alreadyExists(path) }
                if attempt == Self.lockedAttempts { throw failure(response, path: path, doing: "create") }
            default: throw failure(response, path: path, doing: "create")
            }
        }
    }

    /// How many times a change answered `423 Locked` is tried.
    static let lockedAttempts = 3

    public func removeItem(_ path: RelativePath) throws {
        guard let current = try properties(of: path) else { throw TreeError.notFound(path) }
        if current.isCollection { return try removeEmptyFolder(path) }
        try checkStillAsSeen(path, current)
        try delete(path, collection: false, etag: current.etag)
    }

    public func removeEmptyFolder(_ path: RelativePath) throws {
        let response = try send(propfind(root.url(for: path, collection: true), depth: "1"), about: path)
        guard response.status == 207 else {
            if response.status == 404 { throw TreeError.notFound(path) }
            throw failure(response, path: path, doing: "list")
        }
        let members = (try? Multistatus.parse(response.body)) ?? []
        guard let own = members.first(where: { root.member(ofHref: $0.href) == .entry(path) }) else {
            throw TreeError.remote(path: path, message: "the server's listing of it does not include the folder itself")
        }
        guard own.isCollection else { throw TreeError.notAFolder(path) }
        guard members.allSatisfy({ root.member(ofHref: $0.href) == .entry(path) }) else {
            throw TreeError.folderNotEmpty(path)
        }
        try delete(path, collection: true, etag: own.etag)
    }

    /// `DELETE`, conditional on `etag` (the server removes a collection with all it holds: only
    /// ever sent for a folder just listed as empty, and conditional on its ETag).
    private func delete(_ path: RelativePath, collection: Bool, etag: String?) throws {
        var request = HTTPRequest(.delete, root.url(for: path, collection: collection))
        if let etag { request.headers["If-Match"] = etag }
        let response = try send(request, about: path)
        switch response.status {
        case 200, 202, 204: forget(path)
        case 404:
            forget(path)
            throw TreeError.notFound(path)
        default: throw failure(response, path: path, doing: "remove")
        }
    }

    /// `MOVE` with `Overwrite: F`, a file's conditional on the ETag last seen. Where the server
    /// enforces conditions, a file this run already looked at is moved without another look (its
    /// `If-Match` refuses a change since). A `423 Locked` is looked at again, as for `MKCOL`: the
    /// source and destination are read again and the move tried again, three times at most. A
    /// destination whose folder is missing (`409`, or rclone's `403`) is
    /// ``FileTreeInterface/TreeError/notFound(_:)`` of that folder, and the folders on the way are
    /// forgotten: making them again asks the server.
    public func moveItem(_ source: RelativePath, to destination: RelativePath) throws {
        var attempt = 1
        var carried: UInt64?
        while true {
            guard let current = try (attempt == 1 ? conditionalFile(source) : nil) ?? properties(of: source) else {
                throw TreeError.notFound(source)
            }
            if !current.isCollection { try checkStillAsSeen(source, current) }
            carried = current.isCollection ? folderIdentity(source, metadata: loadMetadata()).low : nil
            if !enforcesConditions, try properties(of: destination) != nil {
                throw TreeError.alreadyExists(destination)
            }
            var request = HTTPRequest(.move, root.url(for: source, collection: current.isCollection))
            request.headers["Destination"] =
                root.url(for: destination, collection: current.isCollection).absoluteString
            request.headers["Overwrite"] = "F"
            if !current.isCollection, let etag = current.etag { request.headers["If-Match"] = etag }
            let response = try send(request, about: source)
            switch response.status {
            case 200..<300: break
            case 412:
                if try properties(of: destination) != nil { throw TreeError.alreadyExists(destination) }
                throw TreeError.sourceChanged(source)
            case 409:
                forgetFolders(above: destination)
                throw TreeError.notFound(destination.parent)
            // rclone's answer when the destination's folder is missing.
            case 403 where try properties(of: destination.parent) == nil:
                forgetFolders(above: destination)
                throw TreeError.notFound(destination.parent)
            case 423 where attempt < Self.lockedAttempts:
                attempt += 1
                continue
            default: throw failure(response, path: source, doing: "move")
            }
            break
        }
        registry.withRoot(root) { state in
            state.metadata?.move(from: source.text, to: destination.text)
            if let carried { state.metadata?.identities[destination.text] = carried }
            state.dirty = state.dirty || state.metadata != nil
            let moved = state.seen.filter { $0.key == source || $0.key.isWithin(source) }
            for (path, seen) in moved {
                state.seen[path] = nil
                let rebased = try? RelativePath(
                    components: destination.components + path.components.dropFirst(source.components.count))
                if let rebased { state.seen[rebased] = seen }
            }
        }
    }

    /// Records `permissions` in the side's metadata (the server keeps no mode). A folder this run
    /// listed or made is taken as it was seen (its mode is only ever this record); a file is looked
    /// at first, and refused when another writer changed it since. A folder that keeps the mode it
    /// reads as changes nothing, so the metadata is not saved again for it.
    public func setPermissions(_ permissions: UInt32, of path: RelativePath) throws {
        guard !path.isRoot else { throw TreeError.unsafePath(path.text) }
        guard let current = try knownFolder(path) ?? properties(of: path) else { throw TreeError.notFound(path) }
        // Another writer's version since this run saw it never takes this run's mode.
        if !current.isCollection { try checkStillAsSeen(path, current) }
        _ = loadMetadata()
        try registry.withRoot(root) { state in
            guard var metadata = state.metadata else {
                throw TreeError.remote(
                    path: path, message: "the side's metadata could not be read, so its mode cannot be kept")
            }
            guard (current.etag?.utf8.count ?? 0) <= Self.longestETag else {
                throw TreeError.remote(path: path, message: "the server gave it an ETag over \(Self.longestETag) bytes")
            }
            if current.isCollection {
                guard (metadata.folders[path.text] ?? Self.folderMode) != permissions & 0o777 else { return }
                metadata.folders[path.text] = permissions & 0o777
            } else if var record = metadata.files[path.text], record.etag == current.etag {
                record.mode = permissions & 0o777
                metadata.files[path.text] = record
            } else {
                let time = (current.modified ?? 0).multipliedReportingOverflow(by: 1_000_000_000)
                metadata.files[path.text] = SideMetadata.File(
                    etag: current.etag ?? "", modified: time.overflow ? 0 : time.partialValue, mode: permissions & 0o777
                )
            }
            state.metadata = metadata
            state.dirty = true
        }
    }

    /// Saves the metadata of this root and of every root below it that changed, once the saves
    /// commits started there have ended.
    public func flush() throws {
        registry.pendingSaves.wait(within: root.url.absoluteString)
        for key in registry.dirtyRoots(within: root) {
            guard let url = URL(string: key), let other = try? RemoteRoot(url) else { continue }
            let side = WebDAVSide(
                root: other, transport: transport, blocking: blocking, registry: registry, settings: settings)
            try registry.pendingSaves.run(at: key) { try side.saveMetadata() }
        }
    }

    /// The folder at `path` as this run last listed or made it; nil when this run knows of none
    /// there (look).
    private func knownFolder(_ path: RelativePath) -> DAVResource? {
        guard case .found(let known) = registry.snapshot.lookup(root.serverPath(of: path)), known.isCollection else {
            return nil
        }
        return known
    }

    /// The file at `path` as this run last saw it, when a change to it can be conditional on that
    /// instead of a look first: the server enforces conditions and the file has an ETag (a `412`
    /// then says it changed). Nil otherwise (look again).
    private func conditionalFile(_ path: RelativePath) -> DAVResource? {
        guard case .found(let known) = registry.snapshot.lookup(root.serverPath(of: path)), !known.isCollection,
            known.etag != nil, enforcesConditions
        else { return nil }
        return known
    }

    /// Refuses to change a file that is no longer what this side last reported (another writer
    /// changed it since the plan was made).
    func checkStillAsSeen(_ path: RelativePath, _ current: DAVResource) throws {
        let seen = registry.withRoot(root) { $0.seen[path] }
        if let seen, let before = seen.etag, before != current.etag { throw TreeError.sourceChanged(path) }
    }

    /// Forgets, in what this run saw, every folder on the way to `path`: one of them has gone
    /// (a move into it found no folder), so making them again asks the server.
    private func forgetFolders(above path: RelativePath) {
        var folder = path.parent
        while !folder.isRoot {
            registry.snapshot.forget(root.serverPath(of: folder))
            folder = folder.parent
        }
    }

    private func forget(_ path: RelativePath) {
        registry.withRoot(root) { state in
            state.seen = state.seen.filter { $0.key != path && !$0.key.isWithin(path) }
            if state.metadata != nil {
                state.metadata?.remove(path.text)
                state.dirty = true
            }
        }
    }
}
