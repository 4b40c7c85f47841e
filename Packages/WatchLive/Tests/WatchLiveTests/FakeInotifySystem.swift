import Synchronization

@testable import WatchLive

/// A folder tree without a kernel: hands out watch descriptors, lists folders, and records the
/// calls, so the processor's handling of rare records is tested exactly.
final class FakeInotifySystem: InotifySystem, Sendable {
    private struct State {
        var folders: [[UInt8]: [(name: [UInt8], isFolder: Bool)]] = [:]
        var descriptors: [[UInt8]: Int32] = [:]
        var next: Int32 = 1
        var removed: [Int32] = []
        var failing: [[UInt8]: InotifyFailure] = [:]
        var unlistable: [[UInt8]: InotifyFailure] = [:]
    }

    private let state = Mutex(State())

    /// Sets the folders (absolute paths as text) and their entries (a trailing `/` marks a folder).
    func set(_ folder: String, _ entries: [String]) {
        state.withLock { state in
            state.folders[Array(folder.utf8)] = entries.map { entry in
                entry.hasSuffix("/") ? (Array(entry.dropLast().utf8), true) : (Array(entry.utf8), false)
            }
        }
    }

    func fail(_ folder: String, _ failure: InotifyFailure) {
        state.withLock { $0.failing[Array(folder.utf8)] = failure }
    }

    /// Makes listing `folder` fail (its watch is still added).
    func failListing(_ folder: String, _ failure: InotifyFailure) {
        state.withLock { $0.unlistable[Array(folder.utf8)] = failure }
    }

    func descriptor(of folder: String) -> Int32? { state.withLock { $0.descriptors[Array(folder.utf8)] } }

    var removed: [Int32] { state.withLock { $0.removed } }

    func addWatch(_ path: [UInt8]) -> Result<Int32, InotifyFailure> {
        state.withLock { state in
            if let failure = state.failing[path] { return .failure(failure) }
            guard state.folders[path] != nil else { return .failure(InotifyFailure(code: 2, message: "gone")) }
            if let existing = state.descriptors[path] { return .success(existing) }
            state.descriptors[path] = state.next
            state.next += 1
            return .success(state.next - 1)
        }
    }

    func removeWatch(_ descriptor: Int32) {
        state.withLock { state in
            state.removed.append(descriptor)
            state.descriptors = state.descriptors.filter { $0.value != descriptor }
        }
    }

    func listFolder(_ path: [UInt8]) -> Result<[(name: [UInt8], isFolder: Bool)], InotifyFailure> {
        state.withLock { state in
            if let failure = state.unlistable[path] { return .failure(failure) }
            return state.folders[path].map { .success($0) } ?? .failure(InotifyFailure(code: 2, message: "gone"))
        }
    }
}
