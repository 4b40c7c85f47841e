import Foundation
import NetworkInterface
import Synchronization

/// A transport that holds requests back until several are in flight at once: it proves that a
/// sync sends some of its requests side by side, by script rather than by timing.
///
/// Each gate names a kind of request and a count N: the first N requests of that kind wait (the
/// request not yet passed on) until all N are waiting, then go on together; later ones of that
/// kind pass at once. A sync that sends them one after another never fills the gate: its first
/// request would wait for ever, so after a failure guard (30 s, never reached by a passing run)
/// the gate lets everything go and stays marked as not filled.
final class GateTransport: HTTPTransport {
    /// A kind of request held back, and how many must be in flight together.
    struct Gate: Sendable {
        var name: String
        var count: Int
        /// Whether a request is of this kind; `seen` is every request the transport saw before it.
        var matches: @Sendable (HTTPRequest, _ seen: [HTTPRequest]) -> Bool
    }

    private struct Waiting {
        var held: [CheckedContinuation<Void, Never>] = []
        var filled = false
        var released = false
    }

    private let base: any HTTPTransport
    private let gates: [Gate]
    private let state: Mutex<(seen: [HTTPRequest], waiting: [Waiting])>

    init(_ base: any HTTPTransport, gates: [Gate]) {
        self.base = base
        self.gates = gates
        state = Mutex(([], Array(repeating: Waiting(), count: gates.count)))
    }

    /// The names of the gates that were filled: their N requests were in flight at once.
    var filled: [String] {
        state.withLock { state in gates.indices.filter { state.waiting[$0].filled }.map { gates[$0].name } }
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let gate = state.withLock { state -> Int? in
            let seen = state.seen
            state.seen.append(request)
            return gates.indices.first { index in
                !state.waiting[index].released && gates[index].matches(request, seen)
            }
        }
        if let gate { await wait(at: gate) }
        return try await base.send(request)
    }

    private func wait(at gate: Int) async {
        let count = gates[gate].count
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let release = state.withLock { state -> [CheckedContinuation<Void, Never>] in
                guard !state.waiting[gate].released else { return [continuation] }
                state.waiting[gate].held.append(continuation)
                if state.waiting[gate].held.count == 1 { startGuard(gate) }
                guard state.waiting[gate].held.count == count else { return [] }
                state.waiting[gate].filled = true
                return open(gate, in: &state.waiting)
            }
            for held in release { held.resume() }
        }
    }

    /// Lets every request held at `gate` go; later ones of its kind pass at once.
    private func open(_ gate: Int, in waiting: inout [Waiting]) -> [CheckedContinuation<Void, Never>] {
        waiting[gate].released = true
        defer { waiting[gate].held = [] }
        return waiting[gate].held
    }

    /// The failure guard: a gate not filled in 30 s lets its requests go (unfilled). Its timer
    /// is a dispatch one, not a task's sleep: the engine under test blocks threads of the shared
    /// task pool while it waits for the held requests (two tests at once on two cores take all
    /// of them), and a sleeping task would never wake to let them go.
    private func startGuard(_ gate: Int) {
        DispatchQueue.global().asyncAfter(deadline: .now() + 30) { [self] in
            let release = state.withLock { state in
                state.waiting[gate].released ? [] : open(gate, in: &state.waiting)
            }
            for held in release { held.resume() }
        }
    }
}
