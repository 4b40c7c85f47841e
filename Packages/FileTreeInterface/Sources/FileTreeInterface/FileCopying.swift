public import Foundation

/// Copies file contents between trees, and fingerprints them.
///
/// Copies come in two steps so that many can share one flush to disk: ``stageCopy(_:in:expected:to:in:)``
/// writes each copy to a temporary file beside its destination, and ``commit(_:in:)`` makes a
/// whole batch durable at once, then puts each copy in place, then makes the new names durable.
/// ``copyFile(_:in:expected:to:in:)`` does both for one file.
///
/// Implementations promise: a destination appears atomically (all bytes or nothing) and only once
/// its bytes are durable, with the source's modification time and permissions; it never replaces
/// an existing destination; a source that differs from what the caller expects, before or after
/// it is read, is not staged (``TreeError/sourceChanged(_:)``). Nothing but the temporary file
/// (named with the reserved prefix `.synccli-tmp-`) exists between staging and commit; a failed
/// stage or commit leaves no temporary file behind.
public protocol FileCopying: Sendable {
    /// Writes a copy of one file to a new temporary file in the destination's folder. The copy is
    /// not yet durable and not at `destination`; pass it to ``commit(_:in:)`` or
    /// ``discard(_:in:)``.
    /// - Parameters:
    ///   - source: the file's path in `sourceRoot`.
    ///   - sourceRoot: the source tree.
    ///   - expected: the source as the caller last saw it (size, time, identity must still match).
    ///   - destination: where the copy will go in `destinationRoot`; nothing may be there now.
    ///   - destinationRoot: the destination tree.
    /// - Returns: the staged copy, with the entry it will have at `destination`.
    /// - Throws: ``TreeError/sourceChanged(_:)``, ``TreeError/alreadyExists(_:)``,
    ///   ``TreeError/notFound(_:)`` (source or destination folder missing),
    ///   ``TreeError/notAFolder(_:)``, ``TreeError/io(path:code:message:)``.
    func stageCopy(
        _ source: RelativePath, in sourceRoot: URL, expected: TreeEntry,
        to destination: RelativePath, in destinationRoot: URL
    ) throws -> StagedCopy

    /// Makes every staged copy's bytes durable (one flush for the batch), moves each onto its
    /// destination without replacing anything, then makes the new names durable. A copy that
    /// cannot be put in place has its temporary file removed.
    /// - Parameters:
    ///   - staged: copies staged into `destinationRoot` and not yet committed or discarded.
    ///   - destinationRoot: the tree they were staged in.
    /// - Returns: one result per staged copy, in order: the entry now at its destination, or
    ///   ``TreeError/alreadyExists(_:)`` (something took the name since staging),
    ///   ``TreeError/notFound(_:)`` (the temporary file or its folder is gone),
    ///   ``TreeError/io(path:code:message:)`` (the flush failed: nothing of the batch is placed).
    func commit(_ staged: [StagedCopy], in destinationRoot: URL) -> [Result<TreeEntry, TreeError>]

    /// Removes the temporary files of staged copies that will not be committed; a missing one is
    /// ignored.
    func discard(_ staged: [StagedCopy], in destinationRoot: URL)

    /// The content digest of a file (computed with ``ContentDigester``).
    /// - Throws: ``TreeError/notFound(_:)``, ``TreeError/io(path:code:message:)``.
    func digest(of path: RelativePath, in root: URL) throws -> ContentDigest
}

extension FileCopying {
    /// Copies one file: stages it and commits it alone.
    /// - Returns: the new destination entry.
    /// - Throws: what ``stageCopy(_:in:expected:to:in:)`` and ``commit(_:in:)`` report.
    public func copyFile(
        _ source: RelativePath, in sourceRoot: URL, expected: TreeEntry,
        to destination: RelativePath, in destinationRoot: URL
    ) throws -> TreeEntry {
        let staged = try stageCopy(source, in: sourceRoot, expected: expected, to: destination, in: destinationRoot)
        guard let result = commit([staged], in: destinationRoot).first else {
            discard([staged], in: destinationRoot)
            throw TreeError.io(path: destination, code: EIO, message: "the copier gave no result for the copy")
        }
        return try result.get()
    }
}
