import Foundation
public import NetworkInterface

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// The production ``HTTPTransport``, on URLSession (FoundationNetworking on Linux).
///
/// One transport holds one session for its whole life: make one per process (``shared``) and
/// keep it (creating and invalidating sessions in bursts can crash on Linux, corelibs-foundation
/// #5469). The session keeps no cookies and no cache, opens at most
/// ``TransportConfiguration/maximumConnectionsPerHost`` connections to a host, follows redirects
/// only for GET, HEAD, OPTIONS and PROPFIND (a redirected write is `redirectRefused`), and reports
/// a body shorter than its `Content-Length` as `connectionLost`. Bodies stream from and to disk:
/// a file body is uploaded from the file; a 2xx body for a file destination streams into a
/// staging file beside the destination and is renamed into place once complete (nothing is ever
/// left in the temporary folder, and a failed transfer leaves no partial file); a body for memory
/// is cut off as soon as it passes the limit. On top of URLSession's idle timer, every exchange has an
/// overall deadline of its own.
///
/// ```swift
/// let transport = URLSessionTransport.shared
/// let response = try await transport.send(HTTPRequest(.get, url, destination: .file(localURL)))
/// ```
public final class URLSessionTransport: HTTPTransport {
    /// The process's transport with the default configuration, created on first use.
    public static let shared = URLSessionTransport()

    let session: URLSession
    let delegate: SessionDelegate
    let configuration: TransportConfiguration
    /// Where the session's delegate callbacks run: a serial dispatch queue of the transport's own
    /// (``delegateQueue(on:)``). `OperationQueue.underlyingQueue` does not retain it; this does.
    let delegateDispatchQueue: DispatchQueue

    /// Creates a transport and its session. Create few and keep them.
    /// - Parameters:
    ///   - configuration: timeouts, deadline and connection bound.
    ///   - sessionConfiguration: a base to start from (tests pass one with `protocolClasses`);
    ///     cookies, cache, timeouts and the connection bound are set on it from `configuration`.
    public init(
        configuration: TransportConfiguration = TransportConfiguration(),
        sessionConfiguration: URLSessionConfiguration? = nil
    ) {
        let settings = sessionConfiguration ?? URLSessionConfiguration.ephemeral
        settings.httpCookieStorage = nil
        settings.httpShouldSetCookies = false
        settings.httpCookieAcceptPolicy = .never
        settings.urlCache = nil
        settings.requestCachePolicy = .reloadIgnoringLocalCacheData
        settings.urlCredentialStorage = nil
        settings.httpMaximumConnectionsPerHost = max(1, configuration.maximumConnectionsPerHost)
        settings.timeoutIntervalForRequest = Self.seconds(configuration.idleTimeout)
        settings.timeoutIntervalForResource = Self.seconds(configuration.deadline) + 60
        let delegate = SessionDelegate()
        self.delegate = delegate
        let delegateDispatchQueue = DispatchQueue(label: "NetworkLive.URLSessionTransport.delegate")
        self.delegateDispatchQueue = delegateDispatchQueue
        self.session = URLSession(
            configuration: settings, delegate: delegate, delegateQueue: Self.delegateQueue(on: delegateDispatchQueue))
        self.configuration = configuration
    }

    /// A serial operation queue for the session's delegate that runs on `queue`.
    ///
    /// Not URLSession's default: that is an `OperationQueue` on a *concurrent* dispatch queue,
    /// which on Linux is served by Dispatch's width-limited global pool (one thread per processor,
    /// shared with Swift concurrency's global executor, `concurrentPerform` and
    /// `DispatchQueue.global()`). While callers hold that many pool threads blocked (synccli: the
    /// engine's `concurrentPerform` waiting on an iteration whose WebDAVSide send waits on a
    /// semaphore), every response callback waited in that pool until Dispatch's pool monitor,
    /// which runs once a second, added a thread: a 1 ms request took about 1 s. A serial dispatch
    /// queue is served by the overcommit pool, which starts a thread whenever one is needed.
    static func delegateQueue(on queue: DispatchQueue) -> OperationQueue {
        let operations = OperationQueue()
        operations.name = queue.label
        operations.maxConcurrentOperationCount = 1
        operations.underlyingQueue = queue
        return operations
    }

    /// Sends `request` and returns the server's answer, whatever its status.
    /// - Throws: ``HTTPTransportError``: `timedOut` (idle timer or the deadline), `cannotConnect`,
    ///   `connectionLost` (also for a short body), `tls`, `responseTooLarge`, `redirectRefused`,
    ///   `cancelled`, `localFile` (the body file cannot be read, the destination cannot be written).
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let limit = request.deadline ?? configuration.deadline
        do {
            return try await withDeadline(limit, sleep: configuration.sleep) { [self] in try await exchange(request) }
        } catch let error as HTTPTransportError {
            throw error
        } catch is DeadlineExceeded {
            throw HTTPTransportError(.timedOut, request, "no complete answer within the deadline of \(limit)")
        } catch let error as URLError {
            throw HTTPTransportError(
                HTTPTransportError.Kind(error), request,
                "URLError \(error.code.rawValue): \(error.localizedDescription)")
        } catch is CancellationError {
            throw HTTPTransportError(.cancelled, request, "the task was cancelled")
        } catch {
            throw HTTPTransportError(.other, request, String(describing: error))
        }
    }

    static func seconds(_ duration: Duration) -> TimeInterval {
        max(1, (Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18).rounded(.up))
    }
}
