public import Foundation
import InMemorySupport

/// The files of a ``MockFileAccessor``'s world by URL: the guide's `files` dictionary, with keys
/// compared as paths.
///
/// `/c/../d.json`, `/c/./d.json`, `/c//d.json` and `/c/d.json/` all name the entry `/d.json` or
/// `/c/d.json` as their text says (`.`, `..`, repeated and trailing slashes normalised as text:
/// this is test set-up, not a lookup on the tree), so what is set under one spelling reads back
/// under the same spelling. Names are compared by their bytes, so NFC and NFD stay two files.
///
/// ```swift
/// accessor.files[URL(filePath: "/c/../d.json")] = Data("{}".utf8)
/// accessor.files[URL(filePath: "/c/../d.json")]          // the same bytes
/// accessor.files == [URL(filePath: "/d.json"): Data("{}".utf8)]
/// ```
public struct MockFiles: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral, CustomStringConvertible {
    var entries: [PathKey: Data]

    init(entries: [PathKey: Data]) {
        self.entries = entries
    }

    /// Files from a dictionary literal; later spellings of one path win.
    public init(dictionaryLiteral elements: (URL, Data)...) {
        entries = Dictionary(elements.map { (PathKey($0.0), $0.1) }) { _, last in last }
    }

    /// The contents of the file at `url`, or nil; setting nil removes it.
    public subscript(url: URL) -> Data? {
        get { entries[PathKey(url)] }
        set { entries[PathKey(url)] = newValue }
    }

    /// How many files there are.
    public var count: Int { entries.count }
    /// Whether there is no file.
    public var isEmpty: Bool { entries.isEmpty }
    /// The files' URLs, normalised, sorted by path.
    public var keys: [URL] { entries.keys.sorted().map(\.url) }
    /// The files' contents, in the order of ``keys``.
    public var values: [Data] { entries.keys.sorted().compactMap { entries[$0] } }
    /// The files as a plain dictionary keyed by normalised URL.
    public var dictionary: [URL: Data] { Dictionary(uniqueKeysWithValues: entries.map { ($0.key.url, $0.value) }) }

    /// Removes every file.
    public mutating func removeAll() { entries.removeAll() }

    /// The files as `(key: URL, value: Data)` pairs, sorted by path.
    public func makeIterator() -> some IteratorProtocol<(key: URL, value: Data)> {
        entries.keys.sorted().map { (key: $0.url, value: entries[$0] ?? Data()) }.makeIterator()
    }

    public var description: String {
        "[" + entries.keys.sorted().map { "\($0.path): \(entries[$0]?.count ?? 0) bytes" }.joined(separator: ", ")
            + "]"
    }
}
