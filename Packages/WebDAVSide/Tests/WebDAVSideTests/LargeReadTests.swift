import FileTreeInterface
import Foundation
import NetworkInterface
import NetworkMock
import Synchronization
import Testing

@testable import WebDAVSide

/// Counts the requests in flight at once, passing each on; the first `hold` counted ones wait
/// until all of them are in flight (so the overlap is scripted, not left to timing; a failure
/// guard lets them go after 30 s, which a passing run never reaches).
final class InFlightCounter: HTTPTransport {
    private let base: any HTTPTransport
    private let hold: Int
    private let state = Mutex<(now: Int, most: Int, held: [CheckedContinuation<Void, Never>], open: Bool)>(
        (0, 0, [], false))
    private let counted: @Sendable (HTTPRequest) -> Bool

    init(_ base: any HTTPTransport, hold: Int, counting counted: @escaping @Sendable (HTTPRequest) -> Bool) {
        self.base = base
        self.hold = hold
        self.counted = counted
    }

    /// The most counted requests that were in flight at once.
    var most: Int { state.withLock { $0.most } }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard counted(request) else { return try await base.send(request) }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let release = state.withLock { state -> [CheckedContinuation<Void, Never>] in
                state.now += 1
                state.most = max(state.most, state.now)
                guard !state.open else { return [continuation] }
                state.held.append(continuation)
                if state.held.count == 1 { startGuard() }
                guard state.held.count == hold else { return [] }
                state.open = true
                defer { state.held = [] }
                return state.held
            }
            for held in release { held.resume() }
        }
        defer { state.withLock { $0.now -= 1 } }
        return try await base.send(request)
    }

    /// A dispatch timer, not a task's sleep: the side under test blocks threads of the shared task
    /// pool while it waits for the held requests, and a sleeping task might never wake.
    private func startGuard() {
        DispatchQueue.global().asyncAfter(deadline: .now() + 30) { [self] in
            let release = state.withLock { state -> [CheckedContinuation<Void, Never>] in
                state.open = true
                defer { state.held = [] }
                return state.held
            }
            for held in release { held.resume() }
        }
    }
}

@Suite("Large reads share four slots")
struct LargeReadTests {
    @Test("eight threads reading 2 MiB files at once: every byte arrives, four large GETs in flight together")
    func fourAtOnce() throws {
        let rig = try Rig()
        let files = (0..<8).map { index in Data((0..<(2 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ index) }) }
        for (index, bytes) in files.enumerated() { rig.server.write(bytes, at: "/c/big\(index)") }
        let counter = InFlightCounter(rig.transport, hold: 4) { $0.method == .get && $0.url.path().contains("/big") }
        let remote = try WebDAVSides(transport: counter).openSide(at: rig.remoteRoot)
        let entries = try remote.scan { _, _ in false }.entries
        let read = Mutex<[Int: Data]>([:])
        Lanes.run(8) { index in
            guard let entry = entries.first(where: { $0.path.text == "big\(index)" }) else { return }
            var bytes = Data()
            try? remote.read(entry.path, expected: entry) { bytes.append($0) }
            read.withLock { $0[index] = bytes }
        }
        #expect(counter.most == 4, "four slots, all used")
        for (index, bytes) in files.enumerated() { #expect(read.withLock { $0[index] } == bytes, "big\(index)") }
    }
}
