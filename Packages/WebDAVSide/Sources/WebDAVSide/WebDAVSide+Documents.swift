import FileTreeInterface
public import Foundation
import NetworkInterface

extension WebDAVSide {
    /// The most bytes a document may have.
    static let documentLimit = 64 << 20

    /// The document's bytes, or nil when there is none. Read once a run: the first read takes the
    /// ETag the run's listings saw (no `PROPFIND`) and fetches with `If-Match` on it (a document
    /// changed since is fetched again as it is now), or takes the bytes fetched beside the look
    /// that gave its ETag (the root's first listing for the root marker; a look of its own, in
    /// the same round trip, for a document no listing of this run showed) when their ETag is the
    /// one seen; a later read looks at the ETag again and fetches only when it changed (a document
    /// found missing is looked for again: another machine may have written it meanwhile).
    /// - Throws: `TreeError.remote` for a folder at the name, a document over ``documentLimit``,
    ///   or a server that cannot be reached; other refusals as ``failure(_:path:doing:)``.
    public func readDocument(named name: String) throws -> Data? {
        let path = try RelativePath(components: [name])
        let key = root.serverPath(of: path)
        if let earlier = registry.snapshot.document(at: key) {
            guard let current = try properties(of: path) else { return nil }
            if let body = earlier.body, !current.isCollection, let etag = current.etag, etag == earlier.etag {
                return body
            }
            return try fetchDocument(path, current)
        }
        if registry.snapshot.lookup(key) == .unknown { lookAndFetch(path) }
        guard let current = try knownProperties(of: path) else {
            registry.snapshot.recordMissingDocument(at: key)
            return nil
        }
        if let ahead = registry.snapshot.takePrefetched(at: key), !current.isCollection, let etag = current.etag,
            ahead.etag == etag
        {
            registry.snapshot.recordDocument(ahead, at: key)
            return ahead.body
        }
        do {
            return try fetchDocument(path, current)
        } catch TreeError.sourceChanged {
            // Changed since the listing: look again.
            guard let now = try properties(of: path) else { return nil }
            return try fetchDocument(path, now)
        }
    }

    /// `GET` of the document `current` describes, with `If-Match` on its ETag; kept for the run.
    /// - Throws: `TreeError.sourceChanged` on a 412 (changed since `current` was seen).
    private func fetchDocument(_ path: RelativePath, _ current: DAVResource) throws -> Data? {
        if current.isCollection {
            throw TreeError.remote(path: path, message: "a folder is where a document should be")
        }
        var request = HTTPRequest(.get, root.url(for: path), destination: .memory(limit: Self.documentLimit))
        if let etag = current.etag { request.headers["If-Match"] = etag }
        let response: HTTPResponse
        do {
            response = try send(request)
        } catch let error as HTTPTransportError where error.kind == .responseTooLarge {
            throw TreeError.remote(
                path: path, message: "the document is larger than \(Self.documentLimit >> 20) MiB: refused")
        } catch let error as HTTPTransportError {
            throw TreeError.remote(
                path: path, message: "\(error.kind.rawValue) talking to the server (\(error.detail))")
        }
        switch response.status {
        case 200:
            let etag = response.etag ?? current.etag
            registry.snapshot.recordDocument(
                ServerSnapshot.Document(etag: etag, body: response.body), at: root.serverPath(of: path))
            return response.body
        case 404:
            registry.snapshot.recordMissingDocument(at: root.serverPath(of: path))
            return nil
        case 412: throw TreeError.sourceChanged(path)
        default: throw failure(response, path: path, doing: "read")
        }
    }

    /// Puts the bytes under this document's own temporary name, then moves them onto `name`
    /// (`Overwrite: T`): readers see the old document or the new one, never a part. Before the
    /// move the side is flushed (its metadata saved, or a commit's save of it waited for): a
    /// document placed at the root, its marker above all, never shows a sync whose files' times
    /// and modes are not on the server yet. The temporary
    /// name is the same for every write of the document by the holder of the same lock at this
    /// root (the container's `data.json` is written by the sync of each pair, under that pair's
    /// lock), so a write killed half-way leaves a file the next write replaces, never one that
    /// stays for ever, and two syncs of different pairs never share one: a `MOVE` whose source
    /// another writer has already moved away makes rclone delete the destination.
    public func writeDocument(_ data: Data, named name: String) throws {
        let path = try RelativePath(components: [name])
        if try knownProperties(of: path)?.isCollection == true {
            throw TreeError.remote(path: path, message: "a folder is where a document should be")
        }
        let writer = registry.heldLockName(at: root).map { "\u{0}" + $0 } ?? ""
        let temporary = try path.parent.appending(ownTemporaryName(for: name + writer))
        let put = try send(HTTPRequest(.put, root.url(for: temporary), body: .bytes(data)), about: path)
        guard (200..<300).contains(put.status) else { throw failure(put, path: path, doing: "write") }
        // The metadata first: a marker that shows a sync never goes before its times and modes.
        if name != SideMetadata.documentName { try flush() }
        var move = HTTPRequest(.move, root.url(for: temporary))
        move.headers["Destination"] = root.url(for: path).absoluteString
        move.headers["Overwrite"] = "T"
        let moved: HTTPResponse
        do {
            moved = try send(move, about: path)
        } catch {
            _ = try? send(HTTPRequest(.delete, root.url(for: temporary)))
            throw error
        }
        guard (200..<300).contains(moved.status) else {
            _ = try? send(HTTPRequest(.delete, root.url(for: temporary)))
            throw failure(moved, path: path, doing: "write")
        }
    }

    /// A temporary name at this side's root that is the same for every write under `key` (a
    /// document, a lock's staged create): a write killed half-way leaves a file the next one
    /// under that key replaces, and writes under other keys never meet it.
    func ownTemporaryName(for key: String) -> String {
        StagedCopy.temporaryName(
            in: root.url, random: UInt32(truncatingIfNeeded: ContentDigest(of: Array(key.utf8)).low))
    }
}
