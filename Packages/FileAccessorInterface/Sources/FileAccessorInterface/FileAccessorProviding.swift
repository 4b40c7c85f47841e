public import Foundation

/// Reads and writes whole files.
///
/// Implementations promise (the ``FileAccessorContract`` checks each of these):
/// - ``read(from:)`` returns exactly the bytes last written.
/// - ``write(_:to:)`` is atomic: a reader, or a crash, sees the old contents or the new ones,
///   never a mix, and a failed write leaves the old contents in place.
/// - Errors are the `CocoaError` kinds Foundation uses for the same `errno`, with the `errno` as
///   `NSUnderlyingError` (see ``FileAccessError``): a missing file is `.fileReadNoSuchFile`
///   when reading and `.fileNoSuchFile` when writing into a missing folder.
/// - File names are distinct by their bytes: NFC and NFD spellings of a name are two files.
///
/// ```swift
/// let data = try accessor.read(from: container.appending(path: "data.json"))
/// try accessor.write(updated, to: container.appending(path: "data.json"))
/// ```
public protocol FileAccessorProviding: Sendable {
    /// The whole contents of the file at `url`.
    /// - Parameter url: a file URL.
    /// - Returns: the file's bytes.
    /// - Throws: `CocoaError` `.fileReadNoSuchFile` (missing), `.fileReadNoPermission`,
    ///   `.fileReadUnknown` (a folder, or a component that is a file), ...
    func read(from url: URL) throws -> Data

    /// Atomically replaces (or creates) the file at `url` with `data`.
    /// - Parameters:
    ///   - data: the new contents.
    ///   - url: a file URL whose folder exists.
    /// - Throws: `CocoaError` `.fileNoSuchFile` (missing folder), `.fileWriteNoPermission`,
    ///   `.fileWriteOutOfSpace`, `.fileWriteVolumeReadOnly`, `.fileWriteUnknown` (a folder is in
    ///   the way, or a component is a file), ...
    func write(_ data: Data, to url: URL) throws

    /// Whether something (a file or a folder) exists at `url`, following symbolic links.
    /// - Parameter url: a file URL.
    /// - Returns: `true` when `url` names an existing file or folder.
    func fileExists(at url: URL) -> Bool
}
