import Dispatch
import FileTreeInterface
import Synchronization

/// The trash folders a run has made or found on each side, so that moving many entries into
/// the same run's trash makes each folder once instead of asking for every folder on the way
/// for each entry. Shared by the threads of one apply.
///
/// Each folder is made by one thread at a time: threads that need it meanwhile wait for that
/// one instead of asking the side for the same folder at once (a WebDAV server may refuse all
/// but one of such requests as locked).
final class TrashFolders: Sendable {
    private enum Folder: Sendable {
        case known
        /// A thread is making it; the group is left when it is done. `waiting`: how many other
        /// threads wait for it.
        case making(DispatchGroup, waiting: Int)
    }

    private enum Claim {
        case known
        case wait(DispatchGroup)
        case make(DispatchGroup)
    }

    private let folders = Mutex<[SyncSide: [RelativePath: Folder]]>([:])

    /// Whether `folder` was made or found on `side` during this run.
    func contains(_ folder: RelativePath, on side: SyncSide) -> Bool {
        folders.withLock { if case .known = $0[side]?[folder] { true } else { false } }
    }

    /// Makes sure `folder` is on `side`: calls `make` unless the folder is known, one thread
    /// at a time. A thread that asks while another makes it waits for that one: after it made
    /// or found the folder, the folder is known; after it failed, the waiting thread tries.
    /// - Parameter make: makes the folder; returns whether it made it (false: it was there).
    /// - Returns: what `make` returned when this call ran it, else false.
    /// - Throws: what `make` throws (the folder stays unknown).
    func ensure(_ folder: RelativePath, on side: SyncSide, make: () throws -> Bool) throws -> Bool {
        while true {
            let claim: Claim = folders.withLock { folders in
                switch folders[side]?[folder] {
                case .known: return .known
                case .making(let group, let waiting):
                    folders[side]?[folder] = .making(group, waiting: waiting + 1)
                    return .wait(group)
                case nil:
                    let group = DispatchGroup()
                    group.enter()
                    folders[side, default: [:]][folder] = .making(group, waiting: 0)
                    return .make(group)
                }
            }
            switch claim {
            case .known: return false
            case .wait(let group): group.wait()
            case .make(let group):
                defer { group.leave() }
                do {
                    let made = try make()
                    folders.withLock { $0[side, default: [:]][folder] = .known }
                    return made
                } catch {
                    folders.withLock { folders in
                        if case .making(let current, _) = folders[side]?[folder], current === group {
                            folders[side]?[folder] = nil
                        }
                    }
                    throw error
                }
            }
        }
    }

    /// How many threads wait for another to make `folder` on `side` (for tests to know a thread
    /// is waiting).
    func waiting(for folder: RelativePath, on side: SyncSide) -> Int {
        folders.withLock { if case .making(_, let waiting) = $0[side]?[folder] { waiting } else { 0 } }
    }

    /// Forgets every folder of `side` (one of them was removed behind the run's back). Threads
    /// making one finish as they would; those waiting for them are woken as before.
    func forget(_ side: SyncSide) {
        folders.withLock { $0[side] = nil }
    }
}
