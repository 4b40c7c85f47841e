import Foundation
import NetworkInterface
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The one delegate of a transport's session: hands each task's response and body chunks to the
/// ``ResponseReceiver`` registered for it, and guards redirects.
///
/// Its only state, the receivers by task, sits behind a `Mutex`.
final class SessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private let receivers = Mutex<[Int: ResponseReceiver]>([:])
    private let bodies = Mutex<[Int: @Sendable () -> InputStream]>([:])

    /// Routes the callbacks of `task` to `receiver` until the task completes.
    func register(_ receiver: ResponseReceiver, for task: URLSessionTask) {
        receivers.withLock { $0[task.taskIdentifier] = receiver }
    }

    /// Makes the body of `task` (a streamed upload) with `makeBody`, afresh each time the session
    /// asks (the first send, and every time libcurl must start the body again), until the task
    /// completes.
    func registerBody(for task: URLSessionTask, _ makeBody: @escaping @Sendable () -> InputStream) {
        bodies.withLock { $0[task.taskIdentifier] = makeBody }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask,
        needNewBodyStream completionHandler: @escaping @Sendable (InputStream?) -> Void
    ) {
        completionHandler(bodies.withLock { $0[task.taskIdentifier] }?())
    }

    private func receiver(of task: URLSessionTask) -> ResponseReceiver? {
        receivers.withLock { $0[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let accepted = receiver(of: dataTask)?.begin(response) ?? false
        completionHandler(accepted ? .allow : .cancel)
        // URLSession on Linux goes on receiving the body after a `.cancel` disposition: cancel the
        // task itself, so a refused answer (not HTTP, no file to write to) stops at its head.
        if !accepted { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard let receiver = receiver(of: dataTask) else { return }
        if !receiver.append(data) { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let receiver = receivers.withLock { $0.removeValue(forKey: task.taskIdentifier) }
        bodies.withLock { _ = $0.removeValue(forKey: task.taskIdentifier) }
        receiver?.complete(error)
    }

    /// Follows a redirect only for a method that sends nothing that matters (URLSession on Linux
    /// drops the body of a redirected request: a redirected PUT would write an empty file), and
    /// never carries credentials to another origin. A refused redirect ends the task with the
    /// 3xx response, which the transport reports as `redirectRefused`.
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(Self.allowsRedirect(from: task.originalRequest, to: request) ? request : nil)
    }

    /// Whether a redirect from `original` to `next` may be followed.
    static func allowsRedirect(from original: URLRequest?, to next: URLRequest) -> Bool {
        guard let original, let method = original.httpMethod.map(HTTPMethod.init(rawValue:)), method.followsRedirects
        else {
            return false
        }
        let carriesCredentials = original.value(forHTTPHeaderField: "Authorization") != nil
        let sameOrigin =
            original.url?.scheme == next.url?.scheme && original.url?.host == next.url?.host
            && original.url?.port == next.url?.port
        return sameOrigin || !carriesCredentials
    }
}
