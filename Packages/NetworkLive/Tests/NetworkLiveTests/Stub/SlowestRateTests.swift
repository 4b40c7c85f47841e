import Foundation
import NetworkInterface
import NetworkLive
import Testing

/// A body that trickles in (a byte just before the idle timer fires, again and again) is stopped
/// as stalled after one window, not at the deadline; the clock is moved by hand, nothing sleeps.
@Suite("URLSessionTransport stops an answer that trickles in", .serialized)  // one clock: one test at a time
struct SlowestRateTests {
    func url(_ path: String) -> URL {
        URL(string: "http://stub.invalid\(path)")!
    }

    static let tenBytes = (0..<4).map { _ in Data(repeating: 7, count: 10) }

    @Test("a body bringing under 1 KiB in a minute fails timedOut, naming the stall")
    func trickle() async throws {
        let path = uniquePath("trickle")
        StubProtocol.stub(path, .chunks(Self.tenBytes))
        let error = await #expect(throws: HTTPTransportError.self) {
            try await StubTransports.slowClock.send(HTTPRequest(.get, url(path)))
        }
        #expect(error?.kind == .timedOut)
        #expect(error?.detail.contains("stalled") == true, "\(String(describing: error))")
    }

    @Test("each window counts its own bytes: a fast start does not cover a later stall")
    func fastStartThenStall() async throws {
        let path = uniquePath("fast-then-stall")
        StubProtocol.stub(path, .chunks([Data(count: 4096), Data(count: 4096)] + Self.tenBytes))
        let error = await #expect(throws: HTTPTransportError.self) {
            try await StubTransports.slowClock.send(HTTPRequest(.get, url(path)))
        }
        #expect(error?.kind == .timedOut)
        #expect(error?.detail.contains("stalled: 40 bytes in") == true, "\(String(describing: error))")
    }

    @Test("the same small chunks arriving quickly, or 2 KiB chunks arriving slowly, are a whole answer")
    func keepsPace() async throws {
        let quick = uniquePath("quick")
        StubProtocol.stub(quick, .chunks(Self.tenBytes))
        let small = try await StubTransports.quickClock.send(HTTPRequest(.get, url(quick)))
        #expect(small.status == 200 && small.body == Data(repeating: 7, count: 40))

        let steady = uniquePath("steady")
        let chunks = (0..<4).map { _ in Data(repeating: 1, count: 2048) }
        StubProtocol.stub(steady, .chunks(chunks))
        let large = try await StubTransports.slowClock.send(HTTPRequest(.get, url(steady)))
        #expect(large.status == 200 && large.body.count == 8192)

        let exact = uniquePath("exact")  // two 512-byte chunks in each window: exactly the least
        StubProtocol.stub(exact, .chunks((0..<4).map { _ in Data(repeating: 2, count: 512) }))
        let least = try await StubTransports.slowClock.send(HTTPRequest(.get, url(exact)))
        #expect(least.status == 200 && least.body.count == 2048)
    }
}
