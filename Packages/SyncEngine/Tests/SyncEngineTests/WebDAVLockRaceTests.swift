import Foundation
import NetworkInterface
import NetworkMock
import Synchronization
import Testing

@testable import SyncEngine

/// A sync reads while it takes the container's lock; another machine's sync may end in between
/// (its lock gone before this one's look at the container), and the reads then hold part of its
/// work. Scripted by a transport that runs the other sync at the chosen moment (no timing).
@Suite("A sync that ends on another machine while this one plans")
struct WebDAVLockRaceTests {
    /// Passes every request on; after the first answer `after` matches, runs `between` (once),
    /// and holds each request `until` matches until it has run.
    final class Interleaving: HTTPTransport {
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

    @Test("what the other sync did is planned in this run: the plan is made again under the lock")
    func replannedUnderLock() async throws {
        let rig = WebDAVRig(quirks: .lighttpd)
        try rig.put("alpha", at: "a.txt", on: "laptop")
        try rig.put("beta", at: "b.txt", on: "laptop")
        _ = try await rig.sync("laptop")
        _ = try await rig.sync("desk")
        try rig.remove("a.txt", on: "desk")
        try rig.put("beta 2", at: "b.txt", on: "laptop")
        // The desk's sync (a.txt into the server's trash) runs after the laptop's scan has listed
        // the pair's folder, and before the laptop's lock looks at the container.
        let interleaving = Interleaving(
            rig.transport,
            after: { $0.method == .propfind && $0.headers["Depth"] == "1" && $0.url.path() == "/sync/docs/" },
            until: { $0.method == .propfind && $0.url.path() == "/sync/" },
            between: {
                do {
                    let desk = try await rig.sync("desk")
                    #expect(desk.deleted == 1, "the desk's sync ran in between")
                } catch {
                    Issue.record("the desk's sync failed: \(error)")
                }
            })
        let report = try await rig.manager("laptop", through: interleaving).sync(try rig.pair("laptop"))
        #expect(report.isComplete && report.copied == 1 && report.deleted == 1, "\(report)")
        #expect(rig.local("laptop")["a.txt"] == nil, "the desk's deletion arrived in this run")
        #expect(rig.remote["b.txt"] == "beta 2" && rig.remote["a.txt"] == nil)
    }
}
