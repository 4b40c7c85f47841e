public import Foundation

/// Reads and writes whole files, and appends to a log.
///
/// Implementations promise (the `FileAccessorContract` product checks each of these):
/// - ``read(from:)`` returns exactly the bytes last written.
/// - ``write(_:to:)`` is atomic: a reader, or a crash, sees the old contents or the new ones,
///   never a mix, and a failed write leaves the old contents in place.
/// - ``append(_:to:ifSizeIs:)`` adds at the end only when the file has the size the caller
///   expects, never through a symbolic link, and is durable when it returns.
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

    /// Adds `data` at the end of the file at `url`, if the file is exactly `expectedSize` bytes
    /// long, and makes the addition durable before returning. With `expectedSize` 0 a missing file
    /// is created (durably: its folder is synced too).
    ///
    /// For a log that is read back whole: a crash during the call may leave any prefix of `data`
    /// at the end, never a change to the bytes before it, so a reader checks each addition (a
    /// length and a checksum). The size condition makes an appender that read the file stale
    /// find out instead of appending after bytes it never saw.
    /// - Parameters:
    ///   - data: the bytes to add.
    ///   - url: a file URL whose folder exists.
    ///   - expectedSize: the file's size as the caller last read it (0: empty or absent).
    /// - Returns: `false`, with nothing written, when the file's size is not `expectedSize` (or
    ///   it is missing, its folder too, and `expectedSize` is not 0).
    /// - Throws: the `CocoaError` kinds of ``write(_:to:)``; ``FileAccessRefusal`` for a
    ///   symbolic link at `url` (never followed: its target is untouched), a FIFO, socket or device.
    func append(_ data: Data, to url: URL, ifSizeIs expectedSize: Int) throws -> Bool

    /// Whether something occupies the name `url`: a file, a folder, or a symbolic link, which is
    /// not followed (a dangling link exists: a read refuses it and a write replaces it).
    /// - Parameter url: a file URL.
    /// - Returns: `true` when an entry is at `url`; `false` when nothing is, or the path cannot
    ///   name a file (a NUL byte in it).
    func fileExists(at url: URL) -> Bool
}

extension FileAccessorProviding {
    /// By default, ``appendByRewriting(_:to:ifSizeIs:)``.
    public func append(_ data: Data, to url: URL, ifSizeIs expectedSize: Int) throws -> Bool {
        try appendByRewriting(data, to: url, ifSizeIs: expectedSize)
    }

    /// Appends by reading the file and writing it again whole with ``write(_:to:)``: correct for
    /// any accessor whose reads and writes keep the protocol's promises (a crash leaves the old
    /// file or the longer one), and as slow as a rewrite. Accessors with a real append override
    /// ``append(_:to:ifSizeIs:)``.
    /// - Returns: false, writing nothing, when the file's size is not `expectedSize`.
    /// - Throws: the errors of ``read(from:)`` (a failed call said with a write's code) and
    ///   ``write(_:to:)``.
    public func appendByRewriting(_ data: Data, to url: URL, ifSizeIs expectedSize: Int) throws -> Bool {
        let current: Data
        do {
            current = try read(from: url)
        } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
            guard expectedSize == 0 else { return false }
            current = Data()
        } catch let error as CocoaError {
            // Said as the write it is: the same errno, with a write's code.
            guard let errno = FileAccessError.underlyingErrno(of: error) else { throw error }
            throw FileAccessError.cocoaError(errno: errno, path: url.path(percentEncoded: false), during: .write)
        }
        guard current.count == expectedSize else { return false }
        try write(current + data, to: url)
        return true
    }
}
