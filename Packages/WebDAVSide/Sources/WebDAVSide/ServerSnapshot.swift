import Foundation

/// What the sides of one opener last saw on the server during this run, by server path: each
/// resource's properties, the paths known to be absent, the folders whose every member is known,
/// and the documents read (bytes and ETag).
///
/// It answers the reads that only ask what is there (an entry's properties, a document before its
/// `GET`, a root's existence), so one listing serves the guards and markers of a run instead of a
/// `PROPFIND` each. It never answers for a write: every change re-reads or is conditional. Every
/// change this opener sends forgets the paths it touches (at and below them, and the completeness
/// of their folders) before and after it is sent, so the snapshot never shows this run's own
/// writes wrong; other clients' writes meanwhile are caught by the conditions on later writes and
/// on each document's `GET` (`If-Match`).
final class ServerSnapshot: Sendable {
    /// What the snapshot says about one path.
    enum Lookup: Equatable {
        /// Not seen: ask the server.
        case unknown
        /// Seen absent (or missing from a complete listing of its folder, or in a folder seen
        /// absent).
        case absent
        case found(DAVResource)
    }

    /// A document read in this run (no body: it was missing).
    struct Document: Sendable {
        var etag: String?
        var body: Data?
    }

    private struct State {
        var resources: [String: DAVResource] = [:]
        var absent: Set<String> = []
        var complete: Set<String> = []
        var documents: [String: Document] = [:]
        var prefetched: [String: Document] = [:]
    }

    private let state = Locked(State())

    /// What is known about the server path `key` (decoded, no trailing `/`; "" for the server root).
    func lookup(_ key: String) -> Lookup {
        state.withLock { state in
            if let found = state.resources[key] { return .found(found) }
            if state.absent.contains(key) { return .absent }
            guard let parent = Self.parent(of: key) else { return .unknown }
            if state.absent.contains(parent) || state.complete.contains(parent) { return .absent }
            return .unknown
        }
    }

    /// Records what `key` is (nil: nothing is there).
    func record(_ resource: DAVResource?, at key: String) {
        state.withLock { state in
            if let resource {
                state.resources[key] = resource
                state.absent.remove(key)
            } else {
                state.resources[key] = nil
                state.absent.insert(key)
            }
        }
    }

    /// Records a listing of the folder `folder`: its members (by key) and, when `complete`, that
    /// nothing else is in it.
    func recordListing(
        of folder: String, own: DAVResource, members: [(key: String, resource: DAVResource)], complete: Bool = true
    ) {
        state.withLock { state in
            for key in state.resources.keys where Self.parent(of: key) == folder {
                state.resources[key] = nil
            }
            state.resources[folder] = own
            state.absent.remove(folder)
            for (key, resource) in members where Self.parent(of: key) == folder {
                state.resources[key] = resource
                state.absent.remove(key)
            }
            if complete {
                state.complete.insert(folder)
            } else {
                state.complete.remove(folder)
            }
        }
    }

    /// The document read at `key` in this run, if the path has not changed through this opener since.
    func document(at key: String) -> Document? {
        state.withLock { $0.documents[key] }
    }

    func recordDocument(_ document: Document, at key: String) {
        state.withLock { $0.documents[key] = document }
    }

    /// Records that the document at `key` was read missing: absent, and looked for again by a
    /// later read (``Document`` without a body).
    func recordMissingDocument(at key: String) {
        record(nil, at: key)
        recordDocument(Document(etag: nil, body: nil), at: key)
    }

    /// Keeps a document fetched ahead of its first read (beside a listing, before its ETag was
    /// known): its first read takes it when the listing shows the same ETag.
    func recordPrefetched(_ document: Document, at key: String) {
        state.withLock { $0.prefetched[key] = document }
    }

    /// Takes the document fetched ahead at `key` (once), if the path has not changed through this
    /// opener since.
    func takePrefetched(at key: String) -> Document? {
        state.withLock { $0.prefetched.removeValue(forKey: key) }
    }

    /// Forgets everything at and below `key`, that its folder's listing is complete, and that any
    /// folder above it is absent (a change there may have made it: some servers make the folders
    /// on a `PUT`'s way).
    func forget(_ key: String) {
        state.withLock { state in
            func touched(_ other: String) -> Bool { other == key || other.hasPrefix(key + "/") }
            state.resources = state.resources.filter { !touched($0.key) }
            state.absent = state.absent.filter { !touched($0) }
            state.complete = state.complete.filter { !touched($0) }
            state.documents = state.documents.filter { !touched($0.key) }
            state.prefetched = state.prefetched.filter { !touched($0.key) }
            if let parent = Self.parent(of: key) { state.complete.remove(parent) }
            var above = Self.parent(of: key)
            while let folder = above {
                state.absent.remove(folder)
                above = Self.parent(of: folder)
            }
        }
    }

    /// The key of the folder holding `key`; nil for the server root.
    static func parent(of key: String) -> String? {
        guard !key.isEmpty else { return nil }
        guard let slash = key.lastIndex(of: "/") else { return "" }
        return String(key[..<slash])
    }

    /// The key of a URL's path: percent-decoded, without trailing `/`.
    static func key(of url: URL) -> String {
        key(ofPath: url.path(percentEncoded: true))
    }

    /// The key of a percent-encoded server path.
    static func key(ofPath encoded: String) -> String {
        var text = Substring(encoded.removingPercentEncoding ?? encoded)
        while text.hasSuffix("/") { text = text.dropLast() }
        return String(text)
    }
}
