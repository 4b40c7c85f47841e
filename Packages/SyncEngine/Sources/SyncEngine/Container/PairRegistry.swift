import FileAccessorInterface
import Foundation

/// The pairs this machine knows, in `<state>/pairs.json`, read and written through the file accessor.
struct PairRegistry {
    var accessor: any FileAccessorProviding
    var state: any StateFolderProviding

    private struct Document: Codable {
        struct Entry: Codable {
            var name: String
            var localRoot: String
            /// Absent in lists written before pairs recorded their container.
            var container: String?
        }

        var version: Int
        var pairs: [Entry]
    }

    var url: URL { state.url.appending(path: "pairs.json") }

    func load() throws -> [SyncPair] {
        guard let data = try accessor.readIfPresent(url) else { return [] }
        guard let document = try? JSONDecoder().decode(Document.self, from: data), document.version == 1 else {
            throw SyncError.corruptState(path: url.path, reason: "not a pair list of version 1")
        }
        return try document.pairs.map { entry in
            try SyncPair(
                name: entry.name, localRoot: URL(filePath: entry.localRoot, directoryHint: .isDirectory),
                container: entry.container.map(Self.containerURL))
        }
    }

    func save(_ pairs: [SyncPair]) throws {
        let document = Document(
            version: 1,
            pairs: pairs.map {
                .init(
                    name: $0.name, localRoot: $0.localRoot.path(percentEncoded: false),
                    container: $0.container.map(Self.containerText))
            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            try state.prepare()
            try accessor.write(try encoder.encode(document), to: url)
        } catch {
            throw SyncError.wrap(error, path: url.path)
        }
    }

    /// A container as the list keeps it: a folder by its path, a server by its URL.
    static func containerText(_ url: URL) -> String {
        url.isFileURL ? url.path(percentEncoded: false) : url.absoluteString
    }

    /// The container a list entry names: a URL with a scheme (`http://...`), else a folder path.
    static func containerURL(_ text: String) -> URL {
        if !text.hasPrefix("/"), text.contains("://"), let url = URL(string: text), url.scheme != nil { return url }
        return URL(filePath: text, directoryHint: .isDirectory)
    }
}
