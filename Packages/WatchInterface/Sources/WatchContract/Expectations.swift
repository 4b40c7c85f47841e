import Foundation
import Synchronization
import WatchInterface

/// A watch a case started, with the events it delivered.
struct Session {
    let watch: any FolderWatch
    let recorder: EventRecorder
}

/// Starts a watch of the fixture's root, failing the case with a readable message when refused.
func startWatch(_ f: WatchContractFixture, on watching: (any FolderWatching)? = nil) throws -> Session {
    let recorder = EventRecorder()
    do {
        let watch = try (watching ?? f.makeWatching()).watch(f.root, onEvent: recorder.handler)
        return Session(watch: watch, recorder: recorder)
    } catch let error as WatchError {
        throw ContractViolation(description: "watching an empty folder failed: \(error)")
    }
}

/// Waits until `session` reported `changed(path)` after `mark`.
func expectChange(
    _ path: String, _ session: Session, after mark: Int = 0, _ f: WatchContractFixture, _ what: String
) async throws {
    f.deliver()
    let seen = await session.recorder.wait(after: mark, patience: f.patience) {
        $0.contains(.changed(path: path))
    }
    try require(
        seen,
        "\(what): \(path.debugDescription) was not reported (waited \(f.patience)); got \(session.recorder.events(after: mark))"
    )
}

/// Checks that every event after `mark` is a change of one of `allowed`.
func expectOnly(_ allowed: Set<String>, _ session: Session, after mark: Int, _ what: String) throws {
    let unexpected = session.recorder.events(after: mark).filter { event in
        guard case .changed(let path) = event else { return true }
        return !allowed.contains(path)
    }
    try require(unexpected.isEmpty, "\(what): unexpected events \(unexpected)")
}

/// Checks that starting a watch of `url` is refused with ``WatchError/rootUnavailable(path:reason:)``.
func expectRefused(_ url: URL, _ f: WatchContractFixture, _ what: String) throws {
    let watch: any FolderWatch
    do {
        watch = try f.makeWatching().watch(url) { _ in }
    } catch WatchError.rootUnavailable {
        return
    } catch {
        throw ContractViolation(description: "\(what): refused with \(error), not rootUnavailable")
    }
    watch.stop()
    throw ContractViolation(description: "\(what): the watch started")
}

/// A watch handle a handler can reach once the watch started.
final class WatchBox: Sendable {
    private let watch = Mutex<(any FolderWatch)?>(nil)

    func set(_ value: any FolderWatch) { watch.withLock { $0 = value } }

    func stop() { watch.withLock { $0 }?.stop() }
}
