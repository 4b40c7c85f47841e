/// Why a tree operation failed. Each case reads as one line naming the path.
public enum TreeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Nothing is at the path (or one of its folders is missing).
    case notFound(RelativePath)
    /// Something is already at the destination.
    case alreadyExists(RelativePath)
    /// A folder on the way is a file or a symbolic link (links are never followed).
    case notAFolder(RelativePath)
    /// A folder to remove is not empty.
    case folderNotEmpty(RelativePath)
    /// The source changed while it was copied; nothing was committed.
    case sourceChanged(RelativePath)
    /// The operation would leave its root.
    case unsafePath(String)
    /// The root itself is missing or not a folder, or is a symbolic link (never followed):
    /// `reason` says which.
    case rootUnavailable(String, reason: RootProblem = .missingOrNotAFolder)
    /// A move that would cross from one file system (or storage) to another, which a side cannot
    /// do as one rename: the caller copies instead. Sides report this; the root-taking
    /// ``TreeMutating`` reports it as ``io(path:code:message:)`` with `EXDEV`.
    case crossDevice(RelativePath)
    /// Any other system error, with its `errno` and text.
    case io(path: RelativePath, code: Int32, message: String)
    /// A side on a server could not do it: the server's answer (its status) or the lost
    /// connection, in words a person can act on. Like ``io(path:code:message:)``, the path fails
    /// and the next run tries again.
    case remote(path: RelativePath, message: String)

    public var description: String {
        switch self {
        case .notFound(let path): "\(path): not found"
        case .alreadyExists(let path): "\(path): already exists"
        case .notAFolder(let path): "\(path): a folder on the way is not a folder"
        case .folderNotEmpty(let path): "\(path): folder is not empty"
        case .sourceChanged(let path): "\(path): changed while it was copied; will retry next run"
        case .unsafePath(let path): "\(path): refused, it would leave the sync root"
        case .rootUnavailable(let root, .missingOrNotAFolder): "\(root): the sync root is missing or not a folder"
        case .rootUnavailable(let root, .symbolicLink):
            "\(root): the sync root is a symbolic link, which is never followed; name the folder itself"
        case .rootUnavailable(let root, .unreachable(let reason)): "\(root): \(reason)"
        case .crossDevice(let path): "\(path): cannot be moved there, it is on another file system"
        case .io(let path, let code, let message): "\(path): \(message) (errno \(code))"
        case .remote(let path, let message): "\(path.isRoot ? "." : path.text): \(message)"
        }
    }
}
