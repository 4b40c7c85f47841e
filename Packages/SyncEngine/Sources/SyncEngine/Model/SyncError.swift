import FileAccessorInterface
import Foundation

/// Why a sync did not run, or stopped. Each case reads as one line that names the path and what
/// to do. `Equatable`, so tests can write `#expect(throws: SyncError.containerNotAvailable)`.
public enum SyncError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The container is not available (nil from the file system provider).
    case containerNotAvailable
    /// The local folder is missing or not a folder.
    case localFolderMissing(String)
    /// A side that synced before has lost its root marker (unmounted, deleted or moved).
    case rootMarkerMissing(side: SyncSide, path: String)
    /// The sync would delete more than the limit on a side.
    case tooManyDeletions(side: SyncSide, count: Int, total: Int, limitPercent: Int)
    /// Another process holds the pair's lock.
    case pairLocked(holder: String)
    /// A pair name that cannot be a folder name.
    case invalidPairName(String)
    /// No pair of that name or folder is known.
    case unknownPair(String)
    /// The plan was made against another archive: make a new plan.
    case planOutdated(String)
    /// The plan names a folder other than the one its pair syncs on this machine.
    case planRefused(String)
    /// One side lies inside the other (each sync would copy the container into itself).
    case nestedRoots(String)
    /// A side's folder was replaced (by a link or another folder) while the sync ran.
    case rootReplaced(String)
    /// A side's folder is a symbolic link: roots are never followed.
    case rootIsLink(side: SyncSide, path: String)
    /// A file the engine keeps is damaged.
    case corruptState(path: String, reason: String)
    /// A lower layer failed; the path and the underlying error are kept.
    case io(path: String, underlying: UnderlyingError)

    public var description: String {
        switch self {
        case .containerNotAvailable:
            "the container is not available: mount it, or configure another one"
        case .localFolderMissing(let path):
            "\(path) is missing or not a folder: nothing was synced"
        case .rootMarkerMissing(let side, let path):
            "\(path): the \(side) side's root marker is missing (unmounted, moved or emptied?); refusing to read it as deleted"
        case .tooManyDeletions(let side, let count, let total, let limit):
            "this sync would delete \(count) of \(total) files on the \(side) side, over the \(limit)% limit; raise the limit to allow it"
        case .pairLocked(let holder):
            "another sync of this pair is running: \(holder)"
        case .invalidPairName(let name):
            "\(name.debugDescription) cannot be a pair name: use one folder name without / and not starting with .synccli"
        case .unknownPair(let name):
            "no pair named \(name) is known on this machine"
        case .planOutdated(let reason):
            "the plan is out of date (\(reason)): make a new plan"
        case .planRefused(let reason):
            "refusing the plan: \(reason)"
        case .nestedRoots(let reason):
            "refusing to sync: \(reason); each sync would copy the container into itself"
        case .rootIsLink(let side, let path):
            "\(path): the \(side) side's folder is a symbolic link; refusing to follow it (name the real folder)"
        case .rootReplaced(let path):
            "\(path) was replaced by a link or another folder during the sync; stopped, nothing written there"
        case .corruptState(let path, let reason):
            "\(path) is damaged (\(reason))"
        case .io(let path, let underlying) where underlying.path == path:
            "\(path): \(underlying.reason)"
        case .io(let path, let underlying):
            "\(path): \(underlying)"
        }
    }

    /// Wraps a lower layer's error, keeping the path and the error's text; a `SyncError` passes through.
    static func wrap(_ error: any Error, path: String) -> SyncError {
        if let error = error as? SyncError { return error }
        return .io(path: path, underlying: UnderlyingError(error))
    }
}

/// A lower layer's error kept inside a ``SyncError``; two are equal when they have the same domain,
/// code and text.
///
/// It reads as one sentence, `"<path>: <reason>"`: a `CocoaError` is described from its code and,
/// for the codes that only say "unknown" (256, 512), from its underlying `POSIXError` (`EISDIR`:
/// "is a folder, not a file"; `ENOTDIR`: "a file is where a folder should be"; `ELOOP`: "is a
/// symbolic link ..."), never as "file error 256"; a ``FileAccessRefusal`` reads as itself.
public struct UnderlyingError: Equatable, Sendable, CustomStringConvertible {
    /// The original error.
    public let error: any Error

    /// Wraps an error.
    public init(_ error: any Error) {
        self.error = error
    }

    /// The path the lower layer named, if it named one.
    public var path: String? {
        if let refusal = error as? FileAccessRefusal { return refusal.path }
        if let cocoa = error as? CocoaError { return cocoa.userInfo[NSFilePathErrorKey] as? String }
        return nil
    }

    /// What went wrong, without the path.
    public var reason: String {
        if let refusal = error as? FileAccessRefusal { return refusal.reason }
        if let cocoa = error as? CocoaError { return Self.reason(for: cocoa) }
        return String(describing: error)
    }

    public var description: String {
        path.map { "\($0): \(reason)" } ?? reason
    }

    public static func == (lhs: UnderlyingError, rhs: UnderlyingError) -> Bool {
        let (a, b) = (lhs.error as NSError, rhs.error as NSError)
        return a.domain == b.domain && a.code == b.code && String(describing: lhs.error) == String(describing: rhs.error)
    }

    private static func reason(for error: CocoaError) -> String {
        let errno = FileAccessError.underlyingErrno(of: error)
        switch error.code {
        case .fileReadNoSuchFile, .fileNoSuchFile: return "no such file"
        case .fileReadNoPermission, .fileWriteNoPermission: return "permission denied"
        case .fileWriteOutOfSpace: return "the disk is full"
        case .fileWriteVolumeReadOnly: return "the volume is read-only"
        case .fileReadCorruptFile: return "the file is corrupt"
        case .fileWriteFileExists: return "already exists"
        case .fileReadInvalidFileName, .fileWriteInvalidFileName:
            return errno == POSIXErrorCode.ENAMETOOLONG.rawValue
                ? "the name is too long" : "is not a valid file name (it holds a NUL byte)"
        default: break
        }
        if let errno, let sentence = sentence(for: errno) { return sentence }
        let verb = error.code.rawValue >= CocoaError.Code.fileWriteUnknown.rawValue ? "written" : "read"
        return errno.map { "could not be \(verb) (errno \($0))" } ?? "could not be \(verb)"
    }

    /// A sentence for the `errno` values file operations meet, or nil.
    private static func sentence(for errno: Int32) -> String? {
        switch POSIXErrorCode(rawValue: errno) {
        case .EISDIR: "is a folder, not a file"
        case .ENOTDIR: "a file is where a folder should be"
        case .ELOOP: "is a symbolic link; links are never followed"
        case .ENOENT: "no such file"
        case .EACCES, .EPERM: "permission denied"
        case .ENOSPC, .EDQUOT: "the disk is full"
        case .EROFS: "the volume is read-only"
        case .EEXIST: "already exists"
        case .ENAMETOOLONG: "the name is too long"
        case .EIO: "an input/output error (the disk or the network failed)"
        case .EXDEV: "is on another file system"
        case .ENOTEMPTY: "the folder is not empty"
        case .EBUSY: "is busy (a mount point?)"
        case .ENXIO: "is a special file with no device behind it"
        default: nil
        }
    }
}
