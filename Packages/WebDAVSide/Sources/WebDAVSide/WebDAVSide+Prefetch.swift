import FileTreeInterface
import Foundation
import NetworkInterface

extension WebDAVSide {
    /// The root marker's path (``FileTreeInterface/ReservedNames/rootMarker``).
    static let markerPath = (try? RelativePath(components: [ReservedNames.rootMarker])) ?? .root

    /// The `GET` of the root marker, sent beside the root's first listing: the engine reads the
    /// marker of every side it syncs right after the scan, so fetching it then saves that read its
    /// round trip (its answer is kept by ``keepPrefetched(_:at:)``).
    var markerRequest: HTTPRequest {
        HTTPRequest(.get, root.url(for: Self.markerPath), destination: .memory(limit: Self.documentLimit))
    }

    /// Keeps the body of a `GET` of the document at `path` sent before its ETag was known, for
    /// its first read to take when the ETag it then knows is this one (anything but a 200 with an
    /// ETag is dropped).
    func keepPrefetched(_ response: HTTPResponse?, at path: RelativePath) {
        guard let response, response.status == 200, let etag = response.etag else { return }
        registry.snapshot.recordPrefetched(
            ServerSnapshot.Document(etag: etag, body: response.body), at: root.serverPath(of: path))
    }

    /// Looks at the document at `path` and fetches it in the same round trip (a `PROPFIND` and a
    /// `GET` at once), for a first read that nothing in this run has listed yet: the look is
    /// recorded as ``properties(of:)`` records it, the bytes kept as fetched ahead. An answer
    /// that is not understood records nothing (the read then asks again and reports it).
    func lookAndFetch(_ path: RelativePath) {
        let look = propfind(root.url(for: path), depth: "0")
        let fetch = HTTPRequest(.get, root.url(for: path), destination: .memory(limit: Self.documentLimit))
        let answers = sendAll([look, fetch])
        guard case .success(let looked) = answers[0], (try? properties(of: path, from: looked)) != nil else { return }
        keepPrefetched(try? answers[1].get(), at: path)
    }
}
