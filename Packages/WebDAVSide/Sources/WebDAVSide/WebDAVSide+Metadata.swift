import FileTreeInterface
import Foundation
import NetworkInterface

extension WebDAVSide {
    /// The side's metadata, read from the server once per opener.
    func loadMetadata() -> SideMetadata {
        if let loaded = registry.withRoot(root, { $0.metadata }) { return loaded }
        return keepMetadata(from: try? send(metadataRequest))
    }

    /// The `GET` of the metadata document.
    var metadataRequest: HTTPRequest {
        let url = root.url(for: (try? RelativePath(components: [SideMetadata.documentName])) ?? .root)
        return HTTPRequest(.get, url, destination: .memory(limit: Self.listingLimit))
    }

    /// Keeps the metadata the answer to ``metadataRequest`` holds (an empty one when there is none),
    /// unless another thread kept it first.
    func keepMetadata(from response: HTTPResponse?) -> SideMetadata {
        let found = response?.status == 200 ? response : nil
        let metadata = SideMetadata.decode(found?.body)
        return registry.withRoot(root) { state in
            if let racing = state.metadata { return racing }
            state.metadata = metadata
            return metadata
        }
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
            var metadata = state.metadata ?? SideMetadata()
            metadata.files[entry.path.text] = SideMetadata.File(
                etag: etag, modified: entry.modificationNanoseconds, mode: entry.permissions & 0o777)
            state.metadata = metadata
            state.dirty = true
            state.seen[entry.path] = SideRegistry.Seen(etag: etag)
        }
    }
}
