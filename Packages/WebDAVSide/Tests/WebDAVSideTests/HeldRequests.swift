import Dispatch
import Synchronization

/// Requests a test transport holds back and lets go together: when ``open()`` is called, when
/// `count` of them are held, or by a failure guard `guardAfter` seconds after the first was held
/// (a passing run never needs it). A request that comes once they were let go passes at once.
///
/// The guard is a dispatch timer, not a task's sleep: the side under test blocks threads of the
/// shared task pool while it waits for the held requests, and a sleeping task might never wake.
final class HeldRequests: Sendable {
    private let count: Int?
    private let guardAfter: Double
    private let state = Mutex<(open: Bool, held: [CheckedContinuation<Void, Never>])>((false, []))

    init(until count: Int? = nil, guardAfter seconds: Double) {
        self.count = count
        guardAfter = seconds
    }

    /// Waits, without taking a thread (the side's requests share one queue), until let go.
    func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let release = state.withLock { state -> [CheckedContinuation<Void, Never>] in
                guard !state.open else { return [continuation] }
                state.held.append(continuation)
                if state.held.count == 1 { startGuard() }
                return state.held.count == count ? Self.letGo(&state) : []
            }
            for held in release { held.resume() }
        }
    }

    /// Lets every held request go; later ones pass at once.
    func open() {
        for held in state.withLock({ Self.letGo(&$0) }) { held.resume() }
    }

    private static func letGo(
        _ state: inout (open: Bool, held: [CheckedContinuation<Void, Never>])
    ) -> [CheckedContinuation<Void, Never>] {
        state.open = true
        defer { state.held = [] }
        return state.held
    }

    private func startGuard() {
        DispatchQueue.global().asyncAfter(deadline: .now() + guardAfter) { [self] in open() }
    }
}
