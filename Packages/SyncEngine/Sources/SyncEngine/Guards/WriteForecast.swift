import Dispatch
import Synchronization

/// Whether a sync will write, told as soon as this machine's side and the archive are read: a
/// local folder that differs from the archive means the sync changes something, so the
/// container's lock, only looked at so far, is taken at once (its round trip then overlaps the
/// container's listings) rather than after the plan.
///
/// The first word stands: a part that could not be read says "writes" (a failed plan is made
/// again under the lock). What it was offered is let go once it has said, so the archive's
/// records are not held twice while the sync changes them.
final class WriteForecast: Sendable {
    private let state = Mutex<(local: SideView?, archive: Archive?, writes: Bool?)>((nil, nil, nil))
    private let told = DispatchSemaphore(value: 0)

    /// Takes the local side's scan; nil when it failed.
    func offer(local view: SideView?) {
        guard let view else { return tell(true) }
        decide { $0.local = view }
    }

    /// Takes the archive as stored; nil when it could not be read.
    func offer(archive: Archive?) {
        guard let archive else { return tell(true) }
        decide { $0.archive = archive }
    }

    /// Says whether the sync writes, unless that was said already.
    func tell(_ writes: Bool) {
        decide { $0.writes = $0.writes ?? writes }
    }

    /// Waits until told, and says whether the sync writes.
    func writes() -> Bool {
        told.wait()
        told.signal()  // the next call does not wait
        return state.withLock { $0.writes } ?? true
    }

    /// Applies `change`, then says once both parts are in (or a word was given), and lets the
    /// parts go.
    private func decide(_ change: (inout (local: SideView?, archive: Archive?, writes: Bool?)) -> Void) {
        let said = state.withLock { state -> Bool in
            let before = state.writes
            change(&state)
            if state.writes == nil, let local = state.local, let archive = state.archive {
                state.writes =
                    archive.records.isEmpty || !IdleCheck.matches(local, side: .local, archive: archive.records)
            }
            if state.writes != nil { (state.local, state.archive) = (nil, nil) }
            return before == nil && state.writes != nil
        }
        if said { told.signal() }
    }
}
