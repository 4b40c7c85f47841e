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
    private let held: HeldRequests
    private let state = Mutex<(now: Int, most: Int)>((0, 0))
    private let counted: @Sendable (HTTPRequest) -> Bool

    init(_ base: any HTTPTransport, hold: Int, counting counted: @escaping @Sendable (HTTPRequest) -> Bool) {
        self.base = base
        held = HeldRequests(until: hold, guardAfter: 30)
        self.counted = counted
    }

    /// The most counted requests that were in flight at once.
    var most: Int { state.withLock { $0.most } }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard counted(request) else { return try await base.send(request) }
        state.withLock { state in
            state.now += 1
            state.most = max(state.most, state.now)
        }
        defer { state.withLock { $0.now -= 1 } }
        await held.wait()
        return try await base.send(request)
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
