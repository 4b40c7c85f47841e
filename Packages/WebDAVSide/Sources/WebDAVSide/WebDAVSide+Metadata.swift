import FileTreeInterface
import Foundation
import NetworkInterface

extension WebDAVSide {
    /// The side's metadata, read from the server once per opener. When it cannot be read, an
    /// empty one for this use only: nothing is kept, so nothing is written over it. A root whose
    /// listing in this run showed no metadata document has none (no `GET`). (The container's root
    /// is listed just before its lock is taken; the engine never changes what that root's metadata
    /// holds, so a document another machine made in between is never written over.)
    func loadMetadata() -> SideMetadata {
        if let loaded = registry.withRoot(root, { $0.metadata }) { return loaded }
        if registry.snapshot.lookup(root.serverPath(of: Self.metadataPath)) == .absent {
            return (try? keepMetadata(from: .success(HTTPResponse(status: 404)))) ?? SideMetadata()
        }
        return (try? keepMetadata(from: Result { try send(metadataRequest) })) ?? SideMetadata()
    }

    /// The path of the metadata document.
    static var metadataPath: RelativePath { (try? RelativePath(components: [SideMetadata.documentName])) ?? .root }

    /// The `GET` of the metadata document.
    var metadataRequest: HTTPRequest {
        HTTPRequest(.get, root.url(for: Self.metadataPath), destination: .memory(limit: Self.listingLimit))
    }

    /// Keeps the metadata the answer to ``metadataRequest`` holds (an empty one for a 404: none
    /// yet), unless another thread kept it first.
    /// - Throws: `TreeError.remote` about the document for any other answer (none, a refusal, a
    ///   document over the limit, one that is not a metadata document of this version): taken as
    ///   "none", its times and modes would be written over by the next save.
    func keepMetadata(from answer: Result<HTTPResponse, any Error>) throws -> SideMetadata {
        let why: String
        switch answer {
        case .success(let response) where response.status == 200:
            let metadata: SideMetadata
            do {
                metadata = try SideMetadata.decode(response.body)
            } catch {
                why = error.reason
                break
            }
            return registry.withRoot(root) { state in
                if let racing = state.metadata { return racing }
                state.metadata = metadata
                return metadata
            }
        case .success(let response) where response.status == 404:
            registry.snapshot.record(nil, at: root.serverPath(of: Self.metadataPath))  // its first save needs no look
            return registry.withRoot(root) { state in
                if let racing = state.metadata { return racing }
                state.metadata = SideMetadata()
                return SideMetadata()
            }
        case .success(let response): why = "the server answered \(Self.describe(response))"
        case .failure(let error as HTTPTransportError) where error.kind == .responseTooLarge:
            why = "it is larger than \(Self.listingLimit >> 20) MiB"
        case .failure(let error as HTTPTransportError): why = "\(error.kind.rawValue) (\(error.detail))"
        case .failure(let error): why = "\(error)"
        }
        throw TreeError.remote(
            path: Self.metadataPath,
            message:
                "the side's metadata (times and modes) could not be read: \(why); nothing is synced until it can be")
    }

    /// A 404 for the metadata's `answer` when it is a page that is not a metadata document and the
    /// root's listing shows no such document (a server that answers a missing file with a page of
    /// its own); `answer` otherwise. A document the listing shows stays refused when unreadable.
    static func softNotFound(
        _ answer: Result<HTTPResponse, any Error>, listed: [DAVResource], in root: RemoteRoot
    ) -> Result<HTTPResponse, any Error> {
        // The listing first: it usually shows the document, and then the document is decoded
        // once, by its reader, not here as well (a tenth of a no-op's time at 1,000 files).
        guard case .success(let response) = answer, response.status == 200,
            !listed.contains(where: { root.member(ofHref: $0.href) == .entry(metadataPath) }),
            (try? SideMetadata.decode(response.body)) == nil
        else { return answer }
        return .success(HTTPResponse(status: 404))
    }

    /// Writes the metadata back, whole and atomically, when it changed. (Two machines never save
    /// it at once: a sync holds the container's lock.)
    func saveMetadata() throws {
        guard let (metadata, dirty) = registry.withRoot(root, { state in state.metadata.map { ($0, state.dirty) } }),
            dirty
        else {
            return
        }
        try writeDocument(metadata.encoded(), named: SideMetadata.documentName)
        registry.withRoot(root) { $0.dirty = $0.metadata != metadata }
    }

    /// Records what a committed copy is: its ETag with the time and mode it was given.
    func record(_ entry: TreeEntry, etag: String) {
        _ = loadMetadata()
        registry.withRoot(root) { state in
            state.seen[entry.path] = SideRegistry.Seen(etag: etag)
            // Unreadable: never written over. An absurd ETag: its file is a problem on the next scan.
            guard var metadata = state.metadata, etag.utf8.count <= Self.longestETag else { return }
            metadata.files[entry.path.text] = SideMetadata.File(
                etag: etag, modified: entry.modificationNanoseconds, mode: entry.permissions & 0o777)
            state.metadata = metadata
            state.dirty = true
        }
    }
}
