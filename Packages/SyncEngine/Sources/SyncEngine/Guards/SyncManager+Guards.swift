import FileTreeInterface
import Foundation

extension SyncManager {
    /// Refuses a plan whose pair this machine syncs with another folder: an edited plan must not
    /// point a known pair at a folder of its choosing. (A pair not registered yet is a first sync,
    /// which merges and deletes nothing.)
    /// - Returns: the registered pair (with its container), or nil when the pair is not registered.
    /// - Throws: ``SyncError/planRefused(_:)``.
    func checkRegistered(_ pair: SyncPair) throws -> SyncPair? {
        guard let known = try pairs().first(where: { $0.name == pair.name }) else { return nil }
        let planned = Self.trimmed(pair.localRoot.path(percentEncoded: false))
        let registered = Self.trimmed(known.localRoot.path(percentEncoded: false))
        guard planned == registered else {
            throw SyncError.planRefused(
                "it is for \(planned), but the pair \(pair.name) syncs \(registered) on this machine")
        }
        return known
    }

    /// Refuses a pair whose sides nest: the container (or the pair's folder in it) inside the local
    /// folder, or the local folder inside the pair's folder. Compared by identity, not by path, so
    /// links, bind mounts and `..` cannot hide it.
    /// - Parameters:
    ///   - local: the local side's scan (every entry below the local folder, ignored ones aside).
    ///   - container: the container side's scan.
    /// - Throws: ``SyncError/nestedRoots(_:)``.
    nonisolated func checkNesting(
        _ pair: SyncPair, sides: PairSides, local: [TreeEntry], containerSide: [TreeEntry]
    ) throws {
        func identity(_ side: any SyncSideProviding) -> FileIdentity? { (try? side.entry(at: .root))?.identity }
        let localPath = pair.localRoot.path(percentEncoded: false)
        let containerRoots = [sides.container, sides.pair].compactMap(identity)
        guard let localIdentity = identity(sides.local) else { return }
        if containerRoots.contains(localIdentity) {
            throw SyncError.nestedRoots("\(localPath) is the container or the pair's folder in it")
        }
        if let inside = local.first(where: { $0.kind == .directory && containerRoots.contains($0.identity) }) {
            throw SyncError.nestedRoots(
                "the container's copy of \(pair.name) is inside \(localPath) (at \(inside.path))")
        }
        if let inside = containerSide.first(where: { $0.kind == .directory && $0.identity == localIdentity }) {
            throw SyncError.nestedRoots(
                "\(localPath) is inside the container's copy of \(pair.name) (at \(inside.path))")
        }
    }

    /// Proves that the folder at `root`'s path is still the folder `side` has worked in, before
    /// the engine writes a document there (its root marker): a root swapped for a symbolic link
    /// or for another folder meanwhile would otherwise receive that write. The other calls need
    /// no such check: sides work in the root they first opened. The folder at the path is looked
    /// at through a side opened on its parent.
    /// - Throws: ``SyncError/rootReplaced(_:)``.
    nonisolated func checkStillInPlace(_ side: any SyncSideProviding, root: URL) throws {
        let parentURL = root.deletingLastPathComponent()
        guard let name = try? RelativePath(components: [root.lastPathComponent]), parentURL != root else { return }
        let parent = try? dependencies.sides.openSide(at: parentURL)
        let worked = try? side.entry(at: .root)
        let now = try? parent?.entry(at: name)
        guard let worked, let now, now.kind == .directory, now.identity == worked.identity else {
            throw SyncError.rootReplaced(root.path(percentEncoded: false))
        }
    }

    private static func trimmed(_ path: String) -> Substring {
        var text = Substring(path)
        while text.count > 1, text.hasSuffix("/") { text = text.dropLast() }
        return text
    }
}
