public import FileAccessorInterface
public import Foundation
import POSIXSupport

/// The production ``FileAccessorProviding``: plain system calls on the real file system.
///
/// - ``read(from:)`` opens, `fstat`s and reads in a loop.
/// - ``write(_:to:)`` is a crash-safe atomic replace: a `0600` temporary file created with
///   `O_EXCL|O_NOFOLLOW` in the destination folder, written, given the final mode (an existing
///   file's mode is kept), `fsync`ed, renamed over the destination, and the folder `fsync`ed.
///   On error the temporary file is removed and the destination is untouched. Foundation's
///   `.atomic` is not used: on Linux it never syncs the folder and resets the mode.
/// - Errors are the `CocoaError` kinds of ``FileAccessError``.
///
/// ```swift
/// let accessor = DefaultFileAccessor()
/// try accessor.write(Data("hello".utf8), to: URL(filePath: "/tmp/greeting"))
/// ```
public struct DefaultFileAccessor: FileAccessorProviding {
    /// Creates the accessor; it holds no state.
    public init() {}

    public func read(from url: URL) throws -> Data {
        do {
            return try FileContents.read(url.path(percentEncoded: false))
        } catch {
            throw FileAccessError.cocoaError(errno: error.code, path: url.path(percentEncoded: false), during: .read)
        }
    }

    public func write(_ data: Data, to url: URL) throws {
        do {
            try AtomicFileWriter.write(data, to: url.path(percentEncoded: false))
        } catch {
            throw FileAccessError.cocoaError(errno: error.code, path: url.path(percentEncoded: false), during: .write)
        }
    }

    public func fileExists(at url: URL) -> Bool {
        (try? FileStatus.of(url.path(percentEncoded: false), followingLinks: true)) != nil
    }
}
