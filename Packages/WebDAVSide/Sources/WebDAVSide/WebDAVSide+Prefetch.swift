import FileTreeInterface
import Foundation
import NetworkInterface

extension WebDAVSide {
    /// The `GET` of the root marker (``FileTreeInterface/ReservedNames/rootMarker``), sent beside
    /// the root's first listing: the engine reads the marker of every side it syncs right after the
    /// scan, so fetching it then saves that read its round trip.
    var markerRequest: HTTPRequest {
        let url = root.url(for: (try? RelativePath(components: [ReservedNames.rootMarker])) ?? .root)
        return HTTPRequest(.get, url, destination: .memory(limit: Self.documentLimit))
    }

    /// Keeps the marker the answer to ``markerRequest`` holds, for its first read to take when the
    /// listing shows the same ETag (an answer without an ETag, or anything but a 200, is dropped:
    /// that read then fetches it as usual).
    func keepPrefetchedMarker(from response: HTTPResponse?) {
        guard let response, response.status == 200, let etag = response.etag,
            let path = try? RelativePath(components: [ReservedNames.rootMarker])
        else { return }
        registry.snapshot.recordPrefetched(
            ServerSnapshot.Document(etag: etag, body: response.body), at: root.serverPath(of: path))
    }
}
