import FileTreeInterface
import Foundation

/// What the sides one opener made share: each root's metadata (loaded once, saved on a flush of
/// that root or of a root above it), the ETags last seen, and what the server was found to do.
final class SideRegistry: Sendable {
    struct RootState: Sendable {
        var metadata: SideMetadata?
        var dirty = false
        /// What each path was when last seen: its ETag.
        var seen: [RelativePath: Seen] = [:]
        /// Whether the root's last listing gave its free space; nil before one. Taken (set back
        /// to nil) by the next ``WebDAVSide/availableSpace()``, so a listing answers one question
        /// and a later one (another run on a long-lived opener) asks the server again.
        var tellsFreeSpace: Bool?
    }

    struct Seen: Sendable, Equatable {
        var etag: String?
    }

    /// Whether a server (by `scheme://host:port`) enforces `If-Match` / `If-None-Match`; nil
    /// until probed.
    private let enforcement = Locked<[String: Bool]>([:])
    private let roots = Locked<[String: RootState]>([:])
    /// What this opener's sides saw on the server in this run.
    let snapshot = ServerSnapshot()
    /// The metadata saves commits started that are still to be waited for.
    let pendingSaves = PendingSaves()
    /// Taken by each ranged read of more than ``WebDAVSide/largeRead`` bytes (one holds up to
    /// ``WebDAVSide/rangeSize`` bytes in memory): 4 at most at once, whatever the width, so 8
    /// copies of large files hold 32 MiB of ranges, not 64.
    let largeReads = DispatchSemaphore(value: 4)
    /// The number the next upload's temporary name takes: counted up from a random start, so the
    /// uploads of one run never share a name (drawn at random each, thousands of them in one
    /// folder would: a server that ignores `If-None-Match` lets the second write over the
    /// first), and another run's leftovers are unlikely to be met.
    private let uploadNumbers = Locked<UInt32>(UInt32.random(in: 0...UInt32.max))

    /// A number for an upload's temporary name that no other upload of this opener took (until
    /// four billion have been taken).
    func nextUploadNumber() -> UInt32 {
        uploadNumbers.withLock { number in
            defer { number &+= 1 }
            return number
        }
    }

    func withRoot<T>(_ root: RemoteRoot, _ body: (inout RootState) throws -> T) rethrows -> T {
        try roots.withLock { states in try body(&states[root.url.absoluteString, default: RootState()]) }
    }

    /// The roots at or below `root` with unsaved metadata.
    func dirtyRoots(within root: RemoteRoot) -> [String] {
        roots.withLock { states in
            states.filter { $0.value.dirty && $0.key.hasPrefix(root.url.absoluteString) }.map(\.key).sorted()
        }
    }

    /// The container locks this opener holds, by the URL of their documents.
    let heldLocks = Locked<[URL: HeldLock]>([:])

    /// The name of the lock document this opener holds at `root`, if any: only its holder writes
    /// the root's documents meanwhile, so their temporary names are the holder's own.
    func heldLockName(at root: RemoteRoot) -> String? {
        heldLocks.withLock { held in
            held.keys.first { $0.deletingLastPathComponent().absoluteString == root.url.absoluteString }?
                .lastPathComponent
        }
    }

    /// A lock this opener holds: its document as last written, and the ETag that write got.
    struct HeldLock: Sendable {
        var document: WebDAVSide.LockDocument
        var etag: String?
        /// A thread is renewing it.
        var renewing = false
        /// Why it is no longer held (another machine took it over after its lease ran out).
        var lost: String?
    }

    func enforcesConditions(_ server: String) -> Bool? { enforcement.withLock { $0[server] } }

    func setEnforcesConditions(_ server: String, _ value: Bool) { enforcement.withLock { $0[server] = value } }
}
