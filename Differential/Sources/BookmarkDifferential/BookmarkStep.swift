public import DifferentialSupport

/// One step of a differential sequence over the bookmark trio: a call of the store or the
/// resolver, or a direct change of the store's files or of the folders bookmarks point at (made
/// with system calls on the Live side and on the in-memory tree on the Mock side).
public enum BookmarkStep: Sendable, Equatable, CustomStringConvertible {
    /// The store saves `value` under `key`.
    case save(key: String, value: String)
    /// The store loads `key`.
    case load(key: String)
    /// Something else replaces `key`'s entry file (a damaged entry, a folder, a link).
    case damage(key: String, Plant)
    /// `from`'s entry file is copied over `to`'s (an entry under another key's name).
    case copyEntry(from: String, to: String)
    /// Something else replaces the store folder, entries and all.
    case plantStore(Plant)
    /// The store folder is removed with its entries.
    case removeStore
    /// A folder `name` is made in the tree bookmarks point at.
    case makeFolder(String)
    /// Whatever is at `name` in the tree is removed.
    case remove(String)
    /// `name` is renamed to `to`, beside it.
    case rename(String, to: String)
    /// A symbolic link `name` to `target` is made in the tree.
    case link(String, target: String)
    /// The resolver makes a bookmark for `name` in the tree.
    case mark(String)
    /// The `index`-th bookmark made so far (modulo how many) is resolved.
    case resolve(index: Int)

    public var description: String {
        switch self {
        case .save(let key, let value): "save \(key.debugDescription) = \(value.debugDescription)"
        case .load(let key): "load \(key.debugDescription)"
        case .damage(let key, let plant): "replace \(key.debugDescription)'s entry by \(plant)"
        case .copyEntry(let from, let to): "copy \(from.debugDescription)'s entry over \(to.debugDescription)'s"
        case .plantStore(let plant): "replace the store by \(plant)"
        case .removeStore: "remove the store"
        case .makeFolder(let name): "mkdir \(name.debugDescription)"
        case .remove(let name): "remove \(name.debugDescription)"
        case .rename(let from, let to): "rename \(from.debugDescription) \(to.debugDescription)"
        case .link(let name, let target): "link \(name.debugDescription) -> \(target.debugDescription)"
        case .mark(let name): "bookmark \(name.debugDescription)"
        case .resolve(let index): "resolve bookmarks[\(index)]"
        }
    }
}
