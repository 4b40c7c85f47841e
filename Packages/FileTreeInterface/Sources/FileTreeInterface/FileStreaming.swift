public import Foundation

/// Streams file contents in and out of a tree, for copies between trees of different kinds (a
/// local folder and a server): one side reads, the other stages a write.
///
/// Implementations promise: ``read(_:in:expected:into:)`` reads a regular file without following
/// a link and fails with ``TreeError/sourceChanged(_:)`` when the file is not what `expected`
/// says, before or after; ``stageWrite(to:in:entry:from:)`` writes a temporary file named with
/// ``StagedCopy/temporaryName(in:random:)`` beside the destination, which only
/// ``FileCopying/commit(_:in:)`` puts in place, and leaves no temporary file when it fails.
///
/// ```swift
/// let staged = try streamer.stageWrite(to: path, in: container, entry: entry) { write in
///     try streamer.read(path, in: local, expected: entry, into: write)
/// }
/// ```
public protocol FileStreaming: Sendable {
    /// Streams the bytes of the file at `path` to `sink`, in order.
    /// - Parameters:
    ///   - path: the file below `root`.
    ///   - root: the tree.
    ///   - expected: the file as the caller last saw it (size, time, identity).
    ///   - sink: receives each chunk; what it throws ends the read and is rethrown.
    /// - Throws: ``TreeError/sourceChanged(_:)`` (not a regular file, or not `expected` before or
    ///   after the read), ``TreeError/notFound(_:)``, ``TreeError/notAFolder(_:)``,
    ///   ``TreeError/io(path:code:message:)``, or what `sink` throws.
    func read(_ path: RelativePath, in root: URL, expected: TreeEntry, into sink: (Data) throws -> Void) throws

    /// Writes a new temporary file beside `destination` from the bytes `producer` gives, with
    /// `entry`'s permissions (masked to `0o777`) and modification time.
    /// - Parameters:
    ///   - destination: where the copy will go below `root`; nothing may be there now.
    ///   - root: the tree.
    ///   - entry: the source's entry: its size is checked against the bytes written, and its
    ///     permissions and time are given to the copy.
    ///   - producer: called once with a writer; it passes every chunk to the writer, in order.
    /// - Returns: the staged copy (pass it to ``FileCopying/commit(_:in:)``).
    /// - Throws: ``TreeError/alreadyExists(_:)``, ``TreeError/notFound(_:)``,
    ///   ``TreeError/notAFolder(_:)``, ``TreeError/sourceChanged(_:)`` (the bytes given are not
    ///   `entry.size` long), ``TreeError/io(path:code:message:)``, or what `producer` throws.
    func stageWrite(
        to destination: RelativePath, in root: URL, entry: TreeEntry,
        from producer: ((Data) throws -> Void) throws -> Void
    ) throws -> StagedCopy
}
