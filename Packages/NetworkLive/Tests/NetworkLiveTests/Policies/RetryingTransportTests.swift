import Foundation
import NetworkInterface
import NetworkLive
import Testing

@Suite("RetryingTransport retries only what is safe to repeat, with backoff, jitter and Retry-After")
struct RetryingTransportTests {
    private let url = URL(string: "http://dav.test/a")!

    private func retrying(_ base: ScriptedTransport, _ sleeper: RecordingSleeper, random: Double = 0.5)
        -> RetryingTransport
    {
        RetryingTransport(
            base, sleep: sleeper.sleep, random: { random }, now: { Date(timeIntervalSince1970: 1_000_000_000) })
    }

    @Test(
        "a transient failure of an idempotent request is retried until it succeeds",
        arguments: [
            HTTPTransportError.Kind.timedOut, .cannotConnect, .connectionLost,
        ])
    func transient(kind: HTTPTransportError.Kind) async throws {
        let base = ScriptedTransport([.failure(kind), .failure(kind), .status(200)])
        let sleeper = RecordingSleeper()
        let response = try await retrying(base, sleeper).send(HTTPRequest(.put, url, body: .bytes(Data("x".utf8))))
        #expect(response.status == 200)
        #expect(base.requests.count == 3)
        #expect(sleeper.recorded.count == 2)
    }

    @Test(
        "a failure that retrying cannot fix is thrown at once",
        arguments: [
            HTTPTransportError.Kind.tls, .responseTooLarge, .redirectRefused, .cancelled, .localFile,
        ])
    func permanent(kind: HTTPTransportError.Kind) async throws {
        let base = ScriptedTransport([.failure(kind), .status(200)])
        let error = await #expect(throws: HTTPTransportError.self) {
            try await retrying(base, RecordingSleeper()).send(HTTPRequest(.get, url))
        }
        #expect(error?.kind == kind)
        #expect(base.requests.count == 1)
    }

    @Test(
        "a MOVE or MKCOL without a precondition is sent once; with If-Match it is retried",
        arguments: [HTTPMethod.move, .mkcol, .post])
    func unsafeMethods(method: HTTPMethod) async throws {
        let once = ScriptedTransport([.failure(.connectionLost), .status(201)])
        await #expect(throws: HTTPTransportError.self) {
            try await retrying(once, RecordingSleeper()).send(HTTPRequest(method, url))
        }
        #expect(once.requests.count == 1)
        let conditional = ScriptedTransport([.failure(.connectionLost), .status(201)])
        let response = try await retrying(conditional, RecordingSleeper()).send(
            HTTPRequest(method, url, headers: ["If-Match": "\"e1\""]))
        #expect(response.status == 201 && conditional.requests.count == 2)
    }

    @Test("a retryable status is retried, and after the last attempt it is returned as data")
    func statuses() async throws {
        let base = ScriptedTransport([.status(503), .status(503), .status(503), .status(503), .status(200)])
        let sleeper = RecordingSleeper()
        let response = try await retrying(base, sleeper).send(HTTPRequest(.get, url))
        #expect(response.status == 503)
        #expect(base.requests.count == 4)
        #expect(sleeper.recorded.count == 3)
    }

    @Test("a 412 or a 404 is an answer, never retried", arguments: [412, 404, 409])
    func answers(status: Int) async throws {
        let base = ScriptedTransport([.status(status), .status(200)])
        #expect(try await retrying(base, RecordingSleeper()).send(HTTPRequest(.put, url)).status == status)
        #expect(base.requests.count == 1)
    }

    @Test("backoff doubles from the initial delay, with jitter between half and all of it, up to the cap")
    func backoff() async throws {
        let base = ScriptedTransport([.failure(.timedOut), .failure(.timedOut), .failure(.timedOut), .status(200)])
        let low = RecordingSleeper()
        _ = try await retrying(base, low, random: 0).send(HTTPRequest(.get, url))
        #expect(low.recorded == [.milliseconds(250), .milliseconds(500), .milliseconds(1000)])
        var policy = RetryPolicy()
        policy.maximumDelay = .seconds(1)
        #expect(policy.backoff(beforeRetry: 10, random: 0.999_999) <= .seconds(1))
        #expect(policy.backoff(beforeRetry: 1, random: 1) == .milliseconds(500))
    }

    @Test("Retry-After in seconds or as a date is honoured instead of the backoff")
    func retryAfter() async throws {
        let base = ScriptedTransport([
            .status(429, ["Retry-After": "7"]),
            .status(503, ["Retry-After": "Sun, 09 Sep 2001 01:47:00 GMT"]),
            .status(200),
        ])
        let sleeper = RecordingSleeper()
        #expect(try await retrying(base, sleeper).send(HTTPRequest(.get, url)).status == 200)
        #expect(sleeper.recorded == [.seconds(7), .seconds(20)])
    }

    @Test("a Retry-After longer than the policy accepts returns the answer instead of waiting")
    func retryAfterTooLong() async throws {
        let base = ScriptedTransport([.status(503, ["Retry-After": "86400"]), .status(200)])
        let sleeper = RecordingSleeper()
        #expect(try await retrying(base, sleeper).send(HTTPRequest(.get, url)).status == 503)
        #expect(sleeper.recorded.isEmpty)
    }

    @Test("a cancelled wait ends the retries as cancelled")
    func cancelledWait() async throws {
        let base = ScriptedTransport([.failure(.timedOut), .status(200)])
        let transport = RetryingTransport(base, sleep: { _ in throw CancellationError() })
        let error = await #expect(throws: HTTPTransportError.self) { try await transport.send(HTTPRequest(.get, url)) }
        #expect(error?.kind == .cancelled)
    }
}
