import FileTreeInterface
import Foundation
import Synchronization

/// Sloppy on purpose: reads ignore `expected`, and a staged write goes straight to its
/// destination as the chunks come, whatever their count, and stays there when the producer fails.
extension SloppyTree: FileStreaming {
    func read(_ path: RelativePath, in root: URL, expected: TreeEntry, into sink: (Data) throws -> Void) throws {
        try checkRoot(root)
        guard let data = nodes.withLock({ $0[key(path, root)]?.data }) else { throw TreeError.notFound(path) }
        try sink(data)
    }

    func stageWrite(
        to destination: RelativePath, in root: URL, entry: TreeEntry,
        from producer: ((Data) throws -> Void) throws -> Void
    ) throws -> StagedCopy {
        try checkRoot(root)
        let target = key(destination, root)
        put(Node(kind: .file, time: entry.modificationNanoseconds, permissions: entry.permissions), at: target)
        try producer { chunk in nodes.withLock { $0[target]?.data.append(chunk) } }
        let written = try self.entry(at: destination, in: root) ?? entry
        return StagedCopy(destination: destination, temporaryName: destination.name, entry: written)
    }
}
