public import FileTreeInterface
public import Foundation
import POSIXSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The production ``DocumentStoring``: the engine's small files at a root, read with
/// `BoundedFileReader` (a regular file only, a link at the name never followed, opening never
/// blocks, at most ``limit`` bytes) and written with `AtomicFileWriter` (a temporary file, `fsync`,
/// rename, `fsync` of the folder).
///
/// Errors are ``TreeError/io(path:code:message:)`` naming the document: `ELOOP` (a link),
/// `EINVAL` (a FIFO, socket or device), `EFBIG` (over the limit), or the system call's `errno`.
/// A read finds no document (nil) when nothing is at the name or the root is missing.
///
/// ```swift
/// let marker = try POSIXDocumentStore().readDocument(named: ".synccli-root", in: folder)
/// ```
public struct POSIXDocumentStore: DocumentStoring {
    /// The largest document read, in bytes.
    public let limit: Int

    /// Creates a store.
    /// - Parameter limit: the largest document read; 16 MiB by default.
    public init(limit: Int = 16 << 20) {
        self.limit = limit
    }

    public func readDocument(named name: String, in root: URL) throws -> Data? {
        let path = try RelativePath(components: [name])
        do {
            return try BoundedFileReader.read(root.appending(path: name).path(percentEncoded: false), limit: limit)
        } catch {
            // The reader's own sentence ("is a FIFO, not a regular file; refused"), not errno's.
            switch error {
            case .system(let failure) where failure.code == ENOENT: return nil
            case .system(let failure): throw TreeError.io(path: path, code: failure.code, message: error.reason)
            case .symbolicLink: throw TreeError.io(path: path, code: ELOOP, message: error.reason)
            case .notARegularFile: throw TreeError.io(path: path, code: EINVAL, message: error.reason)
            case .tooLarge: throw TreeError.io(path: path, code: EFBIG, message: error.reason)
            }
        }
    }

    public func writeDocument(_ data: Data, named name: String, in root: URL) throws {
        let path = try RelativePath(components: [name])
        do {
            try AtomicFileWriter.write(data, to: root.appending(path: name).path(percentEncoded: false))
        } catch {
            throw TreeError.io(path, error.code)
        }
    }
}
