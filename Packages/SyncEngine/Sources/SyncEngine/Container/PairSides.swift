import FileTreeInterface
import Foundation

/// The sides of one pair, opened for one operation: the local folder, the pair's folder in the
/// container, and the container itself (which holds `data.json` and the pair's folder).
///
/// The URLs are kept for messages and for naming temporary files; every read and write goes
/// through the side values.
struct PairSides: Sendable {
    let local: any SyncSideProviding
    let pair: any SyncSideProviding
    let container: any SyncSideProviding
    let localRoot: URL
    let pairRoot: URL
    let containerRoot: URL
    /// The pair's folder's name in the container.
    let pairFolder: RelativePath

    /// The side of `side`.
    subscript(_ side: SyncSide) -> any SyncSideProviding { side == .local ? local : pair }

    /// The entry at `path` on `side` as it is now, even on a side whose `entry(at:)` may answer
    /// from what this run saw (``FileTreeInterface/SideCurrentEntries``).
    func currentEntry(at path: RelativePath, on side: SyncSide) throws -> TreeEntry? {
        if let current = self[side] as? any SideCurrentEntries { return try current.currentEntry(at: path) }
        return try self[side].entry(at: path)
    }

    /// The root URL of `side`.
    func root(_ side: SyncSide) -> URL { side == .local ? localRoot : pairRoot }

    /// Whether the pair's folder exists in the container (a link there counts: it is never
    /// followed, and the guards refuse it).
    var pairFolderExists: Bool { (try? container.entry(at: pairFolder)) != nil }

    /// Whether something is at the local folder's path: a folder the side can open, or a link
    /// there (which the scan then refuses as ``SyncError/rootIsLink(side:path:)``).
    var localFolderExists: Bool {
        do {
            return try local.entry(at: .root) != nil
        } catch TreeError.rootUnavailable(_, reason: .symbolicLink) {
            return true
        } catch {
            return false
        }
    }
}

extension SyncManager {
    /// Opens both sides of `pair` and the container.
    /// - Throws: ``SyncError/containerNotAvailable``, or the opener's refusal wrapped in ``SyncError``.
    nonisolated func openSides(of pair: SyncPair, container: URL) throws -> PairSides {
        let pairRoot = container.appending(path: pair.name, directoryHint: .isDirectory)
        return PairSides(
            local: try openSide(at: pair.localRoot), pair: try openSide(at: pairRoot),
            container: try openSide(at: container), localRoot: pair.localRoot, pairRoot: pairRoot,
            containerRoot: container, pairFolder: try RelativePath(components: [pair.name]))
    }

    /// Opens one side.
    /// - Throws: the opener's refusal wrapped in ``SyncError``.
    nonisolated func openSide(at root: URL) throws -> any SyncSideProviding {
        do {
            return try dependencies.sides.openSide(at: root)
        } catch {
            throw SyncError.wrap(error, path: root.path(percentEncoded: false))
        }
    }

    /// The path of document `name` on `side`, for messages.
    nonisolated static func documentPath(_ name: String, on side: any SyncSideProviding) -> String {
        side.location.hasSuffix("/") ? side.location + name : side.location + "/" + name
    }
}
