import Foundation
import NetworkInterface
import Synchronization

/// Answers from a list of outcomes, one per request, and records the requests: the Live package's
/// tests may not use NetworkMock, so policies are tested on this.
final class ScriptedTransport: HTTPTransport {
    enum Outcome: Sendable {
        case status(Int, HTTPHeaders = [:])
        case failure(HTTPTransportError.Kind)
    }

    private let script: Mutex<[Outcome]>
    private let seen = Mutex<[HTTPRequest]>([])

    init(_ outcomes: [Outcome]) {
        script = Mutex(outcomes)
    }

    var requests: [HTTPRequest] { seen.withLock { $0 } }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        seen.withLock { $0.append(request) }
        let next = script.withLock { $0.isEmpty ? .status(200) : $0.removeFirst() }
        switch next {
        case .status(let status, let headers):
            return HTTPResponse(status: status, headers: headers, body: Data("body".utf8))
        case .failure(let kind): throw HTTPTransportError(kind, request, "scripted")
        }
    }
}

/// Records the waits a policy asks for and returns at once: no test sleeps.
final class RecordingSleeper: Sendable {
    private let waits = Mutex<[Duration]>([])

    var recorded: [Duration] { waits.withLock { $0 } }

    var sleep: @Sendable (Duration) async throws -> Void {
        { [self] duration in waits.withLock { $0.append(duration) } }
    }
}
