import BookmarkInterface
import DifferentialSupport
import Foundation

/// A bookmark store and resolver and the folders they work in, running steps and saying what each
/// did in words both sides share: values as text, errors by ``BookmarkError`` case (their
/// messages name paths that differ), resolved folders relative to the tree.
protocol BookmarkSide: AnyObject {
    var storage: any BookmarkStorageProviding { get }
    var resolver: any BookmarkResolving { get }
    /// The tree bookmarks point at, without a trailing slash.
    var tree: String { get }
    /// The store's folder, without a trailing slash.
    var store: String { get }
    /// The file holding `key`'s entry.
    func entryPath(for key: String) -> String
    /// The bookmarks made so far, in order.
    var marks: [Data] { get set }
    /// Direct changes at absolute paths; nil on success, else the `errno`.
    func replace(_ path: String, with plant: Plant) -> Int32?
    func removeAll(_ path: String) -> Int32?
    func copyFile(_ from: String, _ to: String) -> Int32?
    func makeFolder(_ path: String) -> Int32?
    func rename(_ from: String, _ to: String) -> Int32?
    func link(_ path: String, target: String) -> Int32?
}

extension BookmarkSide {
    /// Runs `step` and returns what it did, as one line.
    func run(_ step: BookmarkStep) -> String {
        // A direct change is the test's own hand, not the trio under test: whether it happened
        // matters, not which errno the in-memory tree's shortcut gives (it does not follow a link
        // among a path's folders as the kernel does, and need not).
        func change(_ failure: Int32?) -> String { failure == nil ? "ok" : "failed" }
        func at(_ name: String) -> String { tree + "/" + name }
        switch step {
        case .save(let key, let value):
            do {
                try storage.saveBookmark(Data(value.utf8), for: key)
                return "ok"
            } catch {
                return describe(error)
            }
        case .load(let key):
            do {
                return try storage.loadBookmark(for: key).map { "value " + String(decoding: $0, as: UTF8.self) }
                    ?? "nil"
            } catch {
                return describe(error)
            }
        case .damage(let key, let plant): return change(replace(entryPath(for: key), with: plant))
        case .copyEntry(let from, let to): return change(copyFile(entryPath(for: from), entryPath(for: to)))
        case .plantStore(let plant): return change(replace(store, with: plant))
        case .removeStore: return change(removeAll(store))
        case .makeFolder(let name): return change(makeFolder(at(name)))
        case .remove(let name): return change(removeAll(at(name)))
        case .rename(let from, let to): return change(rename(at(from), at(to)))
        case .link(let name, let target): return change(link(at(name), target: target))
        case .mark(let name):
            do {
                marks.append(try resolver.makeBookmark(for: URL(filePath: at(name))))
                return "made bookmarks[\(marks.count - 1)]"
            } catch {
                return describe(error)
            }
        case .resolve(let index):
            guard !marks.isEmpty else { return "no bookmarks" }
            do {
                let resolved = try resolver.resolveBookmark(marks[index % marks.count])
                let path = resolved.url.standardizedFileURL.path(percentEncoded: false)
                let relative = path.hasPrefix(tree + "/") ? String(path.dropFirst(tree.count + 1)) : "outside " + path
                return "at \(relative.debugDescription)" + (resolved.isStale ? ", stale" : "")
            } catch {
                return describe(error)
            }
        }
    }

    /// A store or resolver error in the shared words: its case, never its message.
    func describe(_ error: any Error) -> String {
        guard let error = error as? BookmarkError else { return "unexpected \(type(of: error)): \(error)" }
        return switch error {
        case .invalidKey: "invalidKey"
        case .storeRefused: "storeRefused"
        case .corruptEntry: "corruptEntry"
        case .notAFolder: "notAFolder"
        case .malformedBookmark: "malformedBookmark"
        case .folderNotFound: "folderNotFound"
        }
    }
}
