public import Foundation

/// Reads and writes whole files.
///
/// Implementations promise (the `FileAccessorContract` product checks each of these):
/// - ``read(from:)`` returns exactly the bytes last written.
/// - ``write(_:to:)`` is atomic: a reader, or a crash, sees the old contents or the new ones,
///   never a mix, and a failed write leaves the old contents in place.
/// - Errors are the `CocoaError` kinds Foundation uses for the same `errno`, with the `errno` as
///   `NSUnderlyingError` (see ``FileAccessError``): a missing file is `.fileReadNoSuchFile`
///   when reading and `.fileNoSuchFile` when writing into a missing folder.
/// - File names are distinct by their bytes: NFC and NFD spellings of a name are two files.
/// - What is read is a regular file under a size limit: a symbolic link, a FIFO, a device or an
///   oversized file is refused with ``FileAccessRefusal``, at once and without following or
///   blocking; a path with a NUL byte is refused before any system call.
///
/// ```swift
/// let data = try accessor.read(from: container.appending(path: "data.json"))
/// try accessor.write(updated, to: container.appending(path: "data.json"))
/// ```
public protocol FileAccessorProviding: Sendable {
    /// The whole contents of the regular file at `url`, read without following a symbolic link
    /// at the last component, without blocking, and up to the implementation's limit
    /// (``FileReadLimit/defaultBytes`` unless it was built with another).
    /// - Parameter url: a file URL.
    /// - Returns: the file's bytes.
    /// - Throws: `CocoaError` `.fileReadNoSuchFile` (missing), `.fileReadNoPermission`,
    ///   `.fileReadUnknown` (a folder: `EISDIR`; a component is a file: `ENOTDIR`),
    ///   `.fileReadInvalidFileName` (too long, or a NUL byte in the path), ...;
    ///   ``FileAccessRefusal`` for a symbolic link, a FIFO, socket or device (nothing is read from
    ///   it), or a file over the limit.
    func read(from url: URL) throws -> Data

    /// Atomically replaces (or creates) the file at `url` with `data`.
    ///
    /// A symbolic link at `url` is never written through: it is replaced by the new file and its
    /// target is left untouched.
    /// - Parameters:
    ///   - data: the new contents.
    ///   - url: a file URL whose folder exists.
    /// - Throws: `CocoaError` `.fileNoSuchFile` (missing folder), `.fileWriteNoPermission`,
    ///   `.fileWriteOutOfSpace`, `.fileWriteVolumeReadOnly`, `.fileWriteUnknown` (a folder is in
    ///   the way, or a component is a file), `.fileWriteInvalidFileName` (too long, or a NUL byte
    ///   in the path: nothing is written), ...
    func write(_ data: Data, to url: URL) throws

    /// Whether something occupies the name `url`: a file, a folder, or a symbolic link, which is
    /// not followed (a dangling link exists: a read refuses it and a write replaces it).
    /// - Parameter url: a file URL.
    /// - Returns: `true` when an entry is at `url`; `false` when nothing is, or the path cannot
    ///   name a file (a NUL byte in it).
    func fileExists(at url: URL) -> Bool
}
