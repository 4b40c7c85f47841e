import Foundation
import NetworkInterface

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension URLSessionTransport {
    /// One exchange on a data (or upload) task whose response the session delegate streams into a
    /// ``ResponseReceiver``.
    func exchange(_ request: HTTPRequest) async throws -> HTTPResponse {
        if case .file(let destination) = request.destination, request.method == .get, request.body == .none,
            !request.headers.contains("Range")
        {
            return try await rangedDownload(request, to: destination)
        }
        return try await perform(request)
    }

    /// Sends `request` once; a 2xx body goes onto `appendTarget` when one is given.
    func perform(_ request: HTTPRequest, appendingTo appendTarget: FileHandle? = nil) async throws -> HTTPResponse {
        // A task cancelled before its request starts never starts it: on Linux a session task
        // cancelled before `resume()` may never report completion, and the send would wait forever.
        guard !Task.isCancelled else { throw HTTPTransportError(.cancelled, request, "cancelled before it was sent") }
        var urlRequest = try makeURLRequest(request)
        let task: URLSessionTask
        switch request.body {
        case .file(let file):
            let length = try checkReadable(file, request)
            #if canImport(FoundationNetworking)
                if length >= CurlFileUpload.threshold, appendTarget == nil, case .memory = request.destination {
                    return try await CurlFileUpload(
                        request: request, file: file, length: length, configuration: configuration
                    ).send()
                }
            #endif
            // A stream the delegate makes afresh for each attempt (see FileBodyStream), with an
            // honest Content-Length (libcurl would otherwise send a stream chunked).
            urlRequest.setValue(String(length), forHTTPHeaderField: "Content-Length")
            // A value of spaces makes libcurl leave its own header out: no chunked encoding, and
            // (as for a body of known size) no `Expect: 100-continue` below 1 MiB, which would
            // cost each small upload a round trip (or a second against a server that ignores it).
            urlRequest.setValue(" ", forHTTPHeaderField: "Transfer-Encoding")
            if length < Self.expectContinueThreshold, !request.headers.contains("Expect") {
                urlRequest.setValue(" ", forHTTPHeaderField: "Expect")
            }
            task = session.uploadTask(withStreamedRequest: urlRequest)
            delegate.registerBody(for: task) { FileBodyStream(url: file, length: length) }
        case .bytes(let data):
            urlRequest.httpBody = data
            task = session.dataTask(with: urlRequest)
        case .none:
            task = session.dataTask(with: urlRequest)
        }
        let receiver = ResponseReceiver(request, appendingTo: appendTarget, slowestRate: configuration.slowestRate)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                receiver.start(continuation)
                delegate.register(receiver, for: task)
                task.resume()
                // A cancel that came between the check above and `resume()` reached a task that
                // had not started: cancel the running one now, so its completion is reported.
                if Task.isCancelled { task.cancel() }
            }
        } onCancel: {
            task.cancel()
        }
    }

    /// The body size from which libcurl asks the server to confirm before the body is sent.
    static let expectContinueThreshold: Int64 = 1 << 20

    func makeURLRequest(_ request: HTTPRequest) throws -> URLRequest {
        guard let scheme = request.url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw HTTPTransportError(.other, request, "only http and https URLs can be sent")
        }
        var urlRequest = URLRequest(
            url: request.url, cachePolicy: .reloadIgnoringLocalCacheData,
            timeoutInterval: Self.seconds(configuration.idleTimeout))
        urlRequest.httpMethod = request.method.rawValue
        for field in request.headers { urlRequest.addValue(field.value, forHTTPHeaderField: field.name) }
        if request.body != .none, !request.headers.contains("Content-Type") {
            // Without it libcurl labels a body as a form, and servers refuse it (lighttpd: 415).
            urlRequest.setValue("application/octet-stream", forHTTPHeaderField: "Content-Type")
        }
        return urlRequest
    }

    /// The size of the body file.
    /// - Throws: `localFile` when it is missing, a folder or unreadable.
    private func checkReadable(_ file: URL, _ request: HTTPRequest) throws -> Int64 {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file.path, isDirectory: &isFolder), !isFolder.boolValue,
            FileManager.default.isReadableFile(atPath: file.path),
            let size = (try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? NSNumber
        else { throw HTTPTransportError(.localFile, request, "the body file \(file.path) is missing or unreadable") }
        return size.int64Value
    }
}
