public import Foundation

/// File contents on one side: fingerprints, streaming reads, and copies into this side staged
/// as temporary files and then committed in batches (one flush for many copies).
///
/// Implementations promise what ``FileCopying`` promises: a copy appears all at once, only once
/// durable, with its source's bytes, modification time and permissions (at most `0o777`), never
/// replacing anything; a source that is not what `expected` says, before or after it is read,
/// is ``TreeError/sourceChanged(_:)`` and leaves no temporary file.
public protocol SideContents: Sendable {
    /// The content digest of a file (``ContentDigester`` over its bytes).
    /// - Throws: ``TreeError/notFound(_:)``, ``TreeError/io(path:code:message:)``.
    func digest(of path: RelativePath) throws -> ContentDigest

    /// Streams the bytes of the file at `path` to `sink`, in chunks, in order.
    /// - Parameters:
    ///   - path: the file.
    ///   - expected: the file as the caller last saw it (size, time and identity must match).
    ///   - sink: receives each chunk; an error it throws ends the read and is rethrown.
    /// - Throws: ``TreeError/sourceChanged(_:)`` when the file differs from `expected` before or
    ///   after it is read (the chunks given are then not its contents), ``TreeError/notFound(_:)``,
    ///   ``TreeError/io(path:code:message:)``, or what `sink` throws.
    func read(_ path: RelativePath, expected: TreeEntry, into sink: (Data) throws -> Void) throws

    /// Stages a copy of `sourcePath` on `source` into a temporary file beside `destination` on
    /// this side. When `source` is a side of the same kind the implementation may copy directly
    /// (for local folders: `copy_file_range`); otherwise it reads `source` with
    /// ``read(_:expected:into:)``.
    /// - Parameters:
    ///   - sourcePath: the file on `source`.
    ///   - source: the side it is read from (it may be this side).
    ///   - expected: the source as the caller last saw it.
    ///   - destination: where the copy goes on this side; nothing may be there once it is
    ///     committed (a side may refuse a taken name here already, or only at the commit).
    /// - Returns: the staged copy; pass it to ``commit(_:)`` or ``discard(_:)``.
    /// - Throws: ``TreeError/sourceChanged(_:)``, ``TreeError/alreadyExists(_:)``,
    ///   ``TreeError/notFound(_:)``, ``TreeError/notAFolder(_:)``, ``TreeError/io(path:code:message:)``.
    func stageCopy(
        of sourcePath: RelativePath, from source: any SideContents, expected: TreeEntry, to destination: RelativePath
    ) throws -> StagedCopy

    /// Makes a batch of staged copies durable and puts each in place, never replacing anything.
    /// - Returns: one result per copy, in order (see ``FileCopying/commit(_:in:)``).
    func commit(_ staged: [StagedCopy]) -> [Result<TreeEntry, TreeError>]

    /// Removes the temporary files of staged copies that will not be committed.
    func discard(_ staged: [StagedCopy])
}

extension SideContents {
    /// Copies one file into this side: stages it and commits it alone.
    /// - Returns: the new entry at `destination`.
    /// - Throws: what ``stageCopy(of:from:expected:to:)`` and ``commit(_:)`` report.
    public func copyFile(
        _ sourcePath: RelativePath, from source: any SideContents, expected: TreeEntry, to destination: RelativePath
    ) throws -> TreeEntry {
        let staged = try stageCopy(of: sourcePath, from: source, expected: expected, to: destination)
        guard let result = commit([staged]).first else {
            discard([staged])
            throw TreeError.missingCommitResult(destination)
        }
        return try result.get()
    }
}
