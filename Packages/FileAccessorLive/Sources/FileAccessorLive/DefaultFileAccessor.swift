public import FileAccessorInterface
public import Foundation
import POSIXSupport

/// The production ``FileAccessorProviding``: plain system calls on the real file system.
///
/// - ``read(from:)`` treats what is at the path as hostile (`BoundedFileReader`): it opens with
///   `O_NOFOLLOW|O_NONBLOCK`, `fstat`s the open descriptor, and reads only a regular file of at
///   most ``readLimit`` bytes. A symbolic link at the last component, a FIFO, a socket, a device
///   or a larger file is refused with ``FileAccessRefusal``, at once and without reading.
/// - ``write(_:to:)`` is a crash-safe atomic replace: a `0600` temporary file created with
///   `O_EXCL|O_NOFOLLOW` in the destination folder, written, given the final mode (an existing
///   file's mode is kept), `fsync`ed, renamed over the destination, and the folder `fsync`ed.
///   On error the temporary file is removed and the destination is untouched. A symbolic link
///   at the destination is replaced, never written through. Foundation's `.atomic` is not used:
///   on Linux it never syncs the folder and resets the mode.
/// - ``append(_:to:ifSizeIs:)`` opens with `O_APPEND|O_NOFOLLOW|O_NONBLOCK`, checks the size
///   on the open descriptor, writes, and `fdatasync`s before returning.
/// - ``fileExists(at:)`` does not follow a final symbolic link: a dangling link exists.
/// - A path with a NUL byte is refused before any system call (a C call would cut it there and
///   touch the file the prefix names); a path ending in `/` (or `/.`, `/..`) is refused by
///   ``write(_:to:)`` with `EISDIR`, as `open(O_CREAT)` refuses it, so whatever `write` accepts
///   reads back at the same URL.
/// - Errors are the `CocoaError` kinds of ``FileAccessError``, and ``FileAccessRefusal``.
///
/// ```swift
/// let accessor = DefaultFileAccessor()
/// try accessor.write(Data("hello".utf8), to: URL(filePath: "/tmp/greeting"))
/// ```
public struct DefaultFileAccessor: FileAccessorProviding {
    /// The most bytes ``read(from:)`` returns; a larger file is refused.
    public let readLimit: Int

    /// Creates the accessor with the default read limit, ``FileReadLimit/defaultBytes`` (256 MiB).
    public init() {
        self.init(readLimit: FileReadLimit.defaultBytes)
    }

    /// Creates the accessor with another read limit.
    /// - Parameter readLimit: the most bytes a read returns (a negative value is taken as 0).
    public init(readLimit: Int) {
        self.readLimit = max(readLimit, 0)
    }

    /// Reads the regular file at `url` (see ``FileAccessorProviding/read(from:)``).
    /// - Throws: `CocoaError` (missing, no permission, a folder: `EISDIR`, a file in place of a
    ///   folder: `ENOTDIR`, a NUL byte in the path: `.fileReadInvalidFileName`), or
    ///   ``FileAccessRefusal`` (a symbolic link, a FIFO, socket or device, a file over
    ///   ``readLimit``).
    public func read(from url: URL) throws -> Data {
        let path = url.path(percentEncoded: false)
        if FileAccessError.holdsNUL(url) { throw FileAccessError.invalidName(path: path, during: .read) }
        do {
            return try BoundedFileReader.read(path, limit: readLimit)
        } catch {
            throw error.fileAccessError
        }
    }

    /// Atomically replaces the file at `url` (see ``FileAccessorProviding/write(_:to:)``).
    /// - Throws: `CocoaError` of ``FileAccessError`` (`.fileWriteInvalidFileName` for a NUL byte
    ///   in the path, `.fileWriteUnknown` with `EISDIR` for a path ending in `/`, `/.` or `/..`,
    ///   which only a folder can have; nothing is written).
    public func write(_ data: Data, to url: URL) throws {
        let path = url.path(percentEncoded: false)
        if FileAccessError.holdsNUL(url) { throw FileAccessError.invalidName(path: path, during: .write) }
        if FolderOnlyPath.matches(path) {
            throw FileAccessError.cocoaError(errno: FolderOnlyPath.creationError(path), path: path, during: .write)
        }
        do {
            try AtomicFileWriter.write(data, to: path)
        } catch {
            throw FileAccessError.cocoaError(errno: error.code, path: path, during: .write)
        }
    }

    /// Appends to the regular file at `url` if it holds `expectedSize` bytes (see
    /// ``FileAccessorProviding/append(_:to:ifSizeIs:)``): `O_APPEND|O_NOFOLLOW`, the size checked
    /// on the open descriptor, then `fdatasync` (and the folder synced when the file may be new).
    /// - Throws: `CocoaError` of ``FileAccessError`` for a write; ``FileAccessRefusal`` for a
    ///   symbolic link, a FIFO, socket or device (nothing is written).
    public func append(_ data: Data, to url: URL, ifSizeIs expectedSize: Int) throws -> Bool {
        let path = url.path(percentEncoded: false)
        if FileAccessError.holdsNUL(url) { throw FileAccessError.invalidName(path: path, during: .write) }
        if FolderOnlyPath.matches(path) {
            throw FileAccessError.cocoaError(errno: FolderOnlyPath.creationError(path), path: path, during: .write)
        }
        do {
            return try FileAppender.append(data, to: path, ifSizeIs: expectedSize)
        } catch {
            throw error.fileAccessError(during: .write)
        }
    }

    /// Whether an entry (file, folder, symbolic link, special file) is at `url`, without
    /// following a final link; false for a path with a NUL byte.
    public func fileExists(at url: URL) -> Bool {
        guard !FileAccessError.holdsNUL(url) else { return false }
        return (try? FileStatus.of(url.path(percentEncoded: false), followingLinks: false)) != nil
    }
}
