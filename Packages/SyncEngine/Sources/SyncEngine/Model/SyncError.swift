import FileAccessorInterface
import Foundation

/// Why a sync did not run, or stopped. Each case reads as one line that names the path and what
/// to do. `Equatable`, so tests can write `#expect(throws: SyncError.containerNotAvailable)`.
public enum SyncError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The container is not available (nil from the file system provider).
    case containerNotAvailable
    /// The container is on a server that cannot be used now (unreachable, refusing the
    /// credentials, not speaking WebDAV): the reason, for a person to act on.
    case containerUnreachable(String)
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
        case .containerUnreachable(let reason):
            "the container is not available: \(reason)"
        case .localFolderMissing(let path):
            "\(path) is missing or not a folder: nothing was synced"
        case .rootMarkerMissing(let side, let path):
            "\(path): the \(side) side's root marker is missing (unmounted, moved or emptied?); refusing to read it as deleted"
        case .tooManyDeletions(let side, let count, let total, let limit):
            "this sync would delete \(count) of \(total) files on the \(side) side, over the \(limit)% limit; a limit of "
                + "\(DeletionRefusal(side: side, count: count, total: total, limitPercent: limit).neededPercent)% allows it"
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
/// It reads as one sentence, `"<path>: <reason>"`: a file accessor's error as
/// `FileAccessError.reason(of:)` words it (never "file error 256"), a ``FileAccessRefusal`` as
/// itself.
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
        if let cocoa = error as? CocoaError { return FileAccessError.reason(of: cocoa) }
        return String(describing: error)
    }

    public var description: String {
        path.map { "\($0): \(reason)" } ?? reason
    }

    public static func == (lhs: UnderlyingError, rhs: UnderlyingError) -> Bool {
        let (a, b) = (lhs.error as NSError, rhs.error as NSError)
        return a.domain == b.domain && a.code == b.code
            && String(describing: lhs.error) == String(describing: rhs.error)
    }
}
