import FileTreeInterface
import POSIXSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension TreeError {
    /// The tree error for a failed system call about `path`: `ENOENT` → ``notFound(_:)``,
    /// `EEXIST` → ``alreadyExists(_:)``, `ENOTDIR`/`ELOOP` → ``notAFolder(_:)`` (a link or a
    /// file on the way), `ENOTEMPTY` → ``folderNotEmpty(_:)``, anything else →
    /// ``io(path:code:message:)`` with the system's text.
    init(_ error: SystemCallError, path: RelativePath) {
        switch error.code {
        case ENOENT: self = .notFound(path)
        case EEXIST: self = .alreadyExists(path)
        case ENOTDIR, ELOOP: self = .notAFolder(path)
        case ENOTEMPTY: self = .folderNotEmpty(path)
        default: self = .io(path, error.code)
        }
    }

    /// ``io(path:code:message:)`` with the system's text for `code`.
    static func io(_ path: RelativePath, _ code: Int32) -> TreeError {
        .io(path: path, code: code, message: SystemCallError.message(for: code))
    }

    /// The error for an operation naming the root itself, which nothing may create, remove,
    /// move, replace, copy or read as a file.
    static let rootOperand = TreeError.unsafePath(".")
}
