import FileTreeInterface
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension TreeError {
    /// The tree error the Live implementation reports for `code` about `path` (the same mapping:
    /// `ENOENT` → notFound, `EEXIST` → alreadyExists, `ENOTDIR`/`ELOOP` → notAFolder,
    /// `ENOTEMPTY` → folderNotEmpty, else io with the system's text).
    init(_ error: POSIXError, path: RelativePath) {
        switch error.code {
        case .ENOENT: self = .notFound(path)
        case .EEXIST: self = .alreadyExists(path)
        case .ENOTDIR, .ELOOP: self = .notAFolder(path)
        case .ENOTEMPTY: self = .folderNotEmpty(path)
        default: self = .io(path, error.code.rawValue)
        }
    }

    /// ``io(path:code:message:)`` with the system's text for `code`, as the Live one has it.
    static func io(_ path: RelativePath, _ code: Int32) -> TreeError {
        .io(path: path, code: code, message: strerror(code).map { String(cString: $0) } ?? "error \(code)")
    }

    /// The error for an operation naming the root itself.
    static let rootOperand = TreeError.unsafePath(".")
}

/// Runs a tree call, translating its `POSIXError` as the Live implementation would.
func translating<T>(_ path: RelativePath, _ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let error as POSIXError {
        throw TreeError(error, path: path)
    }
}
