import FileTreeInterface
import FileTreeMock
import Foundation

/// The Mock copier with hooks, for tests that act in the middle of a sync: after a copy is
/// staged (the user edits its source), or on the results of a commit (a disk swapped, a buggy
/// copier that answers too few).
struct HookedCopier: FileCopying {
    let base: MockFileCopier
    /// Runs after each copy is staged, with its source path and root.
    var afterStage: @Sendable (_ source: RelativePath, _ sourceRoot: URL) throws -> Void = { _, _ in }
    /// Runs after each commit; what it returns is the commit's answer.
    var afterCommit: @Sendable ([Result<TreeEntry, TreeError>]) -> [Result<TreeEntry, TreeError>] = { $0 }

    func stageCopy(
        _ source: RelativePath, in sourceRoot: URL, expected: TreeEntry,
        to destination: RelativePath, in destinationRoot: URL
    ) throws -> StagedCopy {
        let staged = try base.stageCopy(
            source, in: sourceRoot, expected: expected, to: destination, in: destinationRoot)
        try afterStage(source, sourceRoot)
        return staged
    }

    func commit(_ staged: [StagedCopy], in destinationRoot: URL) -> [Result<TreeEntry, TreeError>] {
        afterCommit(base.commit(staged, in: destinationRoot))
    }

    func discard(_ staged: [StagedCopy], in destinationRoot: URL) { base.discard(staged, in: destinationRoot) }

    func digest(of path: RelativePath, in root: URL) throws -> ContentDigest { try base.digest(of: path, in: root) }
}
