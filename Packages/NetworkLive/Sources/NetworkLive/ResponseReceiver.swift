import Foundation
import NetworkInterface
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Receives one task's response as it arrives: a 2xx body for a file destination streams into a
/// staging file beside the destination (renamed into place once complete and checked), or, for
/// one range of a ranged download, onto the end of the caller's staging file; anything else into
/// memory up to its limit. Nothing is ever written to the temporary folder, and a staging file of
/// its own is removed on every failure.
final class ResponseReceiver: Sendable {
    private struct State {
        var response: HTTPURLResponse?
        var memory = Data()
        var file: FileHandle?
        var staged: URL?
        var appending = false
        var received: Int64 = 0
        /// Where the current window of ``SlowestRate`` began, and what it brought so far.
        var windowStart: ContinuousClock.Instant?
        var windowBytes: Int64 = 0
        var failure: HTTPTransportError?
        var continuation: CheckedContinuation<HTTPResponse, any Error>?
    }

    private let request: HTTPRequest
    private let appendTarget: FileHandle?
    private let slowestRate: SlowestRate
    private let state = Mutex(State())

    /// A receiver for `request`.
    /// - Parameters:
    ///   - appendTarget: where a 2xx body is appended instead of the destination (the caller
    ///     owns, closes and places that file).
    ///   - slowestRate: the slowest the body may arrive before the task is cancelled as stalled.
    init(_ request: HTTPRequest, appendingTo appendTarget: FileHandle? = nil, slowestRate: SlowestRate = SlowestRate())
    {
        self.request = request
        self.appendTarget = appendTarget
        self.slowestRate = slowestRate
    }

    /// Sets where the result goes; call before the task starts.
    func start(_ continuation: CheckedContinuation<HTTPResponse, any Error>) {
        state.withLock { $0.continuation = continuation }
    }

    /// The response head arrived: picks the body's sink. Returns false to cancel the task.
    func begin(_ response: URLResponse) -> Bool {
        state.withLock { state in
            guard let http = response as? HTTPURLResponse else {
                state.failure = HTTPTransportError(.other, request, "the answer is not HTTP")
                return false
            }
            state.response = http
            state.memory = Data()
            state.received = 0
            state.windowStart = slowestRate.now()
            state.windowBytes = 0
            if let appendTarget, (200..<300).contains(http.statusCode) {
                state.file = appendTarget
                state.appending = true
                return true
            }
            guard case .file(let destination) = request.destination, (200..<300).contains(http.statusCode) else {
                return true
            }
            let staged = Self.sibling(of: destination)
            guard FileManager.default.createFile(atPath: staged.path, contents: nil),
                let handle = FileHandle(forWritingAtPath: staged.path)
            else {
                state.failure = HTTPTransportError(
                    .localFile, request, "cannot create a file beside \(destination.path)")
                return false
            }
            state.staged = staged
            state.file = handle
            return true
        }
    }

    /// A chunk of the body arrived. Returns false to cancel the task (over the limit, write failed).
    func append(_ data: Data) -> Bool {
        state.withLock { state in
            state.received += Int64(data.count)
            guard keepsPace(&state, adding: Int64(data.count)) else { return false }
            if let file = state.file {
                do { try file.write(contentsOf: data) } catch {
                    state.failure = HTTPTransportError(.localFile, request, "cannot write the body: \(error)")
                    return false
                }
                return true
            }
            let limit = request.destination.memoryLimit
            guard state.received <= Int64(limit) else {
                state.failure = HTTPTransportError(
                    .responseTooLarge, request, "the body is over the limit of \(limit) bytes")
                return false
            }
            state.memory.append(data)
            return true
        }
    }

    /// Counts `count` bytes into the current window; false (with the failure set) when a window
    /// ended having brought fewer than ``SlowestRate/bytes``.
    private func keepsPace(_ state: inout State, adding count: Int64) -> Bool {
        state.windowBytes += count
        let now = slowestRate.now()
        guard let start = state.windowStart, now - start >= slowestRate.window else { return true }
        guard state.windowBytes >= slowestRate.bytes else {
            state.failure = HTTPTransportError(
                .timedOut, request,
                "the answer stalled: \(state.windowBytes) bytes in \(now - start), "
                    + "under \(slowestRate.bytes) bytes in \(slowestRate.window)")
            return false
        }
        state.windowStart = now
        state.windowBytes = 0
        return true
    }

    /// The task ended: checks, places and delivers the response, or the failure.
    func complete(_ error: (any Error)?) {
        let (continuation, result) = state.withLock {
            state -> (CheckedContinuation<HTTPResponse, any Error>?, Result<HTTPResponse, any Error>) in
            let result = finish(&state, error)
            if !state.appending { try? state.file?.close() }
            state.file = nil
            if let staged = state.staged { unlink(staged.path) }
            let continuation = state.continuation
            state.continuation = nil
            return (continuation, result)
        }
        continuation?.resume(with: result)
    }

    private func finish(_ state: inout State, _ error: (any Error)?) -> Result<HTTPResponse, any Error> {
        if let failure = state.failure { return .failure(failure) }
        if let error {
            // libcurl ends a short body with an error URLSession calls unknown (-1): a body that
            // stopped before its Content-Length is a lost connection, whatever the code.
            if let http = state.response, (error as? URLError)?.code != .cancelled {
                do { _ = try ResponseHead.checked(http, request, received: state.received) } catch {
                    return .failure(error)
                }
            }
            return .failure(error)
        }
        guard let http = state.response else { return .failure(HTTPTransportError(.other, request, "no response")) }
        do {
            var response = try ResponseHead.checked(http, request, received: state.received)
            response.byteCount = state.received
            if state.appending {
                response.file = nil
            } else if let staged = state.staged, case .file(let destination) = request.destination {
                try state.file?.synchronize()
                guard rename(staged.path, destination.path) == 0 else {
                    throw HTTPTransportError(
                        .localFile, request,
                        "cannot move the body to \(destination.path): \(String(cString: strerror(errno)))")
                }
                state.staged = nil
                response.file = destination
            } else {
                response.body = state.memory
            }
            return .success(response)
        } catch {
            return .failure(error)
        }
    }

    /// A staging name in the destination's folder, so the final step is one atomic rename.
    static func sibling(of destination: URL) -> URL {
        destination.deletingLastPathComponent().appending(
            path: ".\(destination.lastPathComponent).partial-\(UUID().uuidString)")
    }
}
