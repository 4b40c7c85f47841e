import Foundation
import NetworkInterface
import Synchronization

/// A transport that runs something of the test's between two requests of a sync, by script
/// rather than by timing: it passes every request on; after the first answer `after` matches, it
/// runs `between` (once), and it holds each request `until` matches until `between` has run.
final class InterleavingTransport: HTTPTransport {
    private let base: any HTTPTransport
    private let after: @Sendable (HTTPRequest) -> Bool
    private let until: @Sendable (HTTPRequest) -> Bool
    private let between: @Sendable () async -> Void
    private let state = Mutex<(started: Bool, done: Bool, waiting: [CheckedContinuation<Void, Never>])>(
        (false, false, []))

    init(
        _ base: any HTTPTransport, after: @escaping @Sendable (HTTPRequest) -> Bool,
        until: @escaping @Sendable (HTTPRequest) -> Bool, between: @escaping @Sendable () async -> Void
    ) {
        (self.base, self.after, self.until, self.between) = (base, after, until, between)
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        if until(request) {
            await withCheckedContinuation { continuation in
                let go = state.withLock { state in
                    if state.done { return true }
                    state.waiting.append(continuation)
                    return false
                }
                if go { continuation.resume() }
            }
        }
        let response = try await base.send(request)
        let first =
            after(request)
            && state.withLock { state in
                defer { state.started = true }
                return !state.started
            }
        if first {
            await between()
            let waiting = state.withLock { state in
                state.done = true
                defer { state.waiting = [] }
                return state.waiting
            }
            for continuation in waiting { continuation.resume() }
        }
        return response
    }
}
