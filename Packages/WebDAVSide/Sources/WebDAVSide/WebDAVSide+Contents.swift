public import FileTreeInterface
public import Foundation
import NetworkInterface
import Synchronization

extension WebDAVSide {
    /// How many bytes one `GET` of a download asks for (`Range`), so memory stays bounded.
    static let rangeSize: Int64 = 8 << 20
    /// A read of more bytes than this waits for one of the opener's four large-read slots.
    static let largeRead: Int64 = 1 << 20
    /// The most bytes of a source that is neither a local folder nor this server are held in
    /// memory for an upload.
    static let memoryUploadLimit: Int64 = 64 << 20

    public func digest(of path: RelativePath) throws -> ContentDigest {
        guard let current = try properties(of: path), !current.isCollection, let size = current.contentLength else {
            throw TreeError.notFound(path)
        }
        var digester = ContentDigester()
        try download(path, etag: current.etag, size: size) { chunk in chunk.withUnsafeBytes { digester.update($0) } }
        return digester.finalize()
    }

    public func read(_ path: RelativePath, expected: TreeEntry, into sink: (Data) throws -> Void) throws {
        guard let current = try properties(of: path) else { throw TreeError.notFound(path) }
        guard !current.isCollection, current.contentLength == expected.size,
            Self.fileIdentity(etag: current.etag, resource: current) == expected.identity
        else { throw TreeError.sourceChanged(path) }
        try download(path, etag: current.etag, size: expected.size, into: sink)
    }

    /// Streams the file in ranges of ``rangeSize``, each conditional on `etag`: a file that
    /// changes half-way is `sourceChanged`, never a mix of two versions, and a range the server
    /// labels (`Content-Range`) as other bytes than those asked for is an error, never spliced
    /// in. A range over ``largeRead`` bytes is read holding one of the opener's large-read slots.
    private func download(_ path: RelativePath, etag: String?, size: Int64, into sink: (Data) throws -> Void) throws {
        var offset: Int64 = 0
        repeat {
            let end = min(offset + Self.rangeSize, size) - 1
            var request = HTTPRequest(.get, root.url(for: path), destination: .memory(limit: Int(Self.rangeSize) + 1))
            if size > Self.rangeSize { request.headers["Range"] = "bytes=\(offset)-\(end)" }
            if let etag { request.headers["If-Match"] = etag }
            let large = end - offset + 1 > Self.largeRead
            if large { registry.largeReads.wait() }
            defer { if large { registry.largeReads.signal() } }
            let response = try send(request, about: path)
            switch response.status {
            case 200 where offset == 0, 206: break
            case 412: throw TreeError.sourceChanged(path)
            default: throw failure(response, path: path, doing: "read")
            }
            if let etag, let answered = response.etag, answered != etag { throw TreeError.sourceChanged(path) }
            if response.status == 206, let range = response.headers["Content-Range"],
                range.trimmingCharacters(in: .whitespaces) != "bytes \(offset)-\(end)/\(size)"
            {
                throw TreeError.remote(
                    path: path,
                    message:
                        "the server answered bytes \(range.prefix(60).debugDescription) when asked for \(offset)-\(end)"
                )
            }
            let expectedCount = response.status == 206 ? end - offset + 1 : size
            guard Int64(response.body.count) == expectedCount else { throw TreeError.sourceChanged(path) }
            try sink(response.body)
            offset += Int64(response.body.count)
        } while offset < size
    }

    public func stageCopy(
        of sourcePath: RelativePath, from source: any SideContents, expected: TreeEntry, to destination: RelativePath
    ) throws -> StagedCopy {
        let name = StagedCopy.temporaryName(in: root.url, random: registry.nextUploadNumber())
        let temporary = try destination.parent.appending(name)
        // Nothing is asked about `destination` here: its commit looks (or is conditional), and the
        // version it replaces may still be on its way to the trash while this upload goes.
        let body = try uploadBody(of: sourcePath, from: source, expected: expected)
        var request = HTTPRequest(.put, root.url(for: temporary), headers: ["If-None-Match": "*"], body: body)
        request.headers["Content-Type"] = "application/octet-stream"
        var response = try send(request, about: destination)
        for _ in 1..<Self.lockedAttempts where response.status == 423 {
            response = try send(request, about: destination)  // locked a moment (see moveItem)
        }
        guard (200..<300).contains(response.status) else {
            if response.status == 412 { throw TreeError.alreadyExists(temporary) }
            throw failure(response, path: destination, doing: "upload")
        }
        if let folder = source as? FolderSide,
            try folder.entry(at: sourcePath).map({ $0.isUnchanged(comparedTo: expected) }) != true
        {
            _ = try? send(HTTPRequest(.delete, root.url(for: temporary)))
            throw TreeError.sourceChanged(sourcePath)
        }
        let entry = TreeEntry(
            path: destination, kind: .file, size: expected.size,
            modificationNanoseconds: expected.modificationNanoseconds,
            identity: Self.identity(word: 0), permissions: expected.permissions & 0o777)
        return StagedCopy(destination: destination, temporaryName: name, entry: entry)
    }

    /// What a `PUT` sends for the source: a local folder's file straight from its disk (checked
    /// against `expected` before and after), anything else read into memory, up to
    /// ``memoryUploadLimit``.
    private func uploadBody(of path: RelativePath, from source: any SideContents, expected: TreeEntry) throws
        -> HTTPRequestBody
    {
        if let folder = source as? FolderSide, folder.root.isFileURL {
            guard let now = try folder.entry(at: path), now.kind == .file, now.isUnchanged(comparedTo: expected) else {
                throw TreeError.sourceChanged(path)
            }
            return .file(folder.root.appending(path: path.text, directoryHint: .notDirectory))
        }
        guard expected.size <= Self.memoryUploadLimit else {
            throw TreeError.remote(
                path: path,
                message: "too large to copy between these two kinds of side (over \(Self.memoryUploadLimit >> 20) MiB)")
        }
        var bytes = Data()
        try source.read(path, expected: expected) { bytes.append($0) }
        guard Int64(bytes.count) == expected.size else { throw TreeError.sourceChanged(path) }
        return .bytes(bytes)
    }

    /// Moves each staged upload onto its name (`Overwrite: F`), up to
    /// ``WebDAVSides/Settings/smallRequestWidth`` at once (each answer lets the next go), records
    /// its ETag with the time and mode it carries, then starts saving the metadata once for the
    /// batch. The save goes on after the commit returns (its round trips overlap what the caller
    /// writes next); ``flush()`` (and so a document's write), the next commit's save and the release
    /// of a lock wait for it.
    public func commit(_ staged: [StagedCopy]) -> [Result<TreeEntry, TreeError>] {
        let results = Results(count: staged.count)
        let width = max(1, min(settings.smallRequestWidth, staged.count))
        let next = Atomic(0)
        Lanes.run(width) { _ in
            while true {
                let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard index < staged.count else { return }
                results.set(index, Result { try commitOne(staged[index]) }.mapError(Self.treeError))
            }
        }
        let side = self
        registry.pendingSaves.start(at: root.url.absoluteString) { try? side.saveMetadata() }
        return results.all { .failure(.missingCommitResult(staged[$0].destination)) }
    }

    /// What a commit whose `MOVE` got no answer did, found by looking (a move is never sent twice:
    /// sent again after it was made, it could meet another file under the name): its upload gone
    /// and a file of its length under its name, it was made (`201`, then recorded as any commit);
    /// otherwise it fails with the transport's reason, its upload left for the next run.
    private func lostCommitAnswer(
        _ copy: StagedCopy, temporary: RelativePath, _ error: HTTPTransportError
    ) throws -> HTTPResponse {
        let unanswered = TreeError.remote(
            path: copy.destination, message: "\(error.kind.rawValue) talking to the server (\(error.detail))")
        guard (try? properties(of: temporary)) == .some(nil),
            let placed = try? properties(of: copy.destination), !placed.isCollection,
            placed.contentLength == nil || placed.contentLength == copy.entry.size
        else { throw unanswered }
        return HTTPResponse(status: 201)
    }

    private func commitOne(_ copy: StagedCopy) throws -> TreeEntry {
        let temporary = try copy.temporaryPath
        if !enforcesConditions, try properties(of: copy.destination) != nil {
            discard([copy])
            throw TreeError.alreadyExists(copy.destination)
        }
        var request = HTTPRequest(.move, root.url(for: temporary))
        request.headers["Destination"] = root.url(for: copy.destination).absoluteString
        request.headers["Overwrite"] = "F"
        var response: HTTPResponse
        do {
            response = try send(request)
            for _ in 1..<Self.lockedAttempts where response.status == 423 {
                response = try send(request)  // locked a moment (see moveItem)
            }
        } catch let error as HTTPTransportError {
            response = try lostCommitAnswer(copy, temporary: temporary, error)
        }
        switch response.status {
        case 200..<300: break
        case 412:
            discard([copy])
            throw TreeError.alreadyExists(copy.destination)
        case 404: throw TreeError.notFound(temporary)
        default:
            discard([copy])
            throw failure(response, path: copy.destination, doing: "put in place")
        }
        guard let placed = try properties(of: copy.destination), let etag = placed.etag else {
            throw TreeError.remote(path: copy.destination, message: "the server gave no ETag for the copy")
        }
        // Not the bytes uploaded (another write under the same name, a cut upload the server
        // kept): never recorded as this copy; the next run sees what is there.
        if let length = placed.contentLength, length != copy.entry.size {
            throw TreeError.remote(
                path: copy.destination,
                message: "the server holds \(length) bytes where \(copy.entry.size) were uploaded; will sync next run")
        }
        let entry = TreeEntry(
            path: copy.destination, kind: .file, size: placed.contentLength ?? copy.entry.size,
            modificationNanoseconds: copy.entry.modificationNanoseconds,
            identity: Self.fileIdentity(etag: etag, resource: placed), permissions: copy.entry.permissions)
        record(entry, etag: etag)
        return entry
    }

    public func discard(_ staged: [StagedCopy]) {
        for copy in staged {
            guard let temporary = try? copy.temporaryPath else { continue }
            _ = try? send(HTTPRequest(.delete, root.url(for: temporary)))
        }
    }

    static func treeError(_ error: any Error) -> TreeError {
        (error as? TreeError) ?? .remote(path: .root, message: "\(error)")
    }
}
