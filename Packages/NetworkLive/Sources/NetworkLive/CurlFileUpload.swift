import CurlUpload
import Foundation
import NetworkInterface

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A request with a large file body, sent straight through libcurl on a thread of its own.
///
/// On Linux, URLSession hands a streamed body to libcurl 64 KiB at a time, each piece passed
/// between threads with a wake-up: a 1 GiB upload over a fast link took 3.7 times as long as
/// `curl -T`. Here libcurl reads the file itself, on its own thread (see `CurlUpload.c`). The
/// request goes as URLSession would send it: the caller's headers (an empty value as an empty
/// header), URLSession's kind of `User-Agent` and `Content-Type` where the caller gave none, a
/// `Content-Length` (never chunked), `Expect: 100-continue` (the server may refuse before the
/// body is sent), no redirect followed, HTTP and HTTPS only; the answer passes the same checks
/// (``ResponseHead``). The idle timeout counts from the last byte that moved either way; the
/// slowest rate, as libcurl measures it, applies to the whole transfer.
struct CurlFileUpload {
    /// File bodies from this size go straight through libcurl; smaller ones through URLSession,
    /// whose connections are kept between requests (a direct upload opens one of its own, a round
    /// trip that only a large body makes negligible).
    static let threshold: Int64 = 8 << 20
    /// Bytes of the file libcurl reads at a time: its default, as `curl -T` uses. Larger pieces
    /// measured slower over 127.0.0.1 (1 GiB: 64 KiB 0.38–0.47 s, 512 KiB 0.40–0.59 s, 2 MiB
    /// 0.45–0.55 s, `curl -T` 0.31–0.47 s): a piece this size is still in the processor's cache
    /// when it is sent.
    static let bufferSize = 64 << 10

    let request: HTTPRequest
    let file: URL
    let length: Int64
    let configuration: TransportConfiguration

    /// Sends the request and returns the server's answer (any status).
    /// - Throws: ``HTTPTransportError``: `localFile` (the file cannot be opened or read, or got
    ///   shorter while it was sent), `cancelled` (the task was cancelled), `timedOut` (no
    ///   connection within the idle timeout, or the transfer under the slowest rate),
    ///   `cannotConnect`, `connectionLost`, `tls`, `responseTooLarge`, `redirectRefused`, or
    ///   `other` (libcurl cannot be loaded, a header with a line break).
    func send() async throws -> HTTPResponse {
        let lines = try headerLines()
        let descriptor = open(file.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw HTTPTransportError(
                .localFile, request, "the body file \(file.path) cannot be opened: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        guard let flag = CancelFlag() else { throw HTTPTransportError(.other, request, "out of memory") }
        let transfer = Transfer(
            url: request.url.absoluteString, method: request.method.rawValue, headers: lines, descriptor: descriptor,
            length: length, idleMilliseconds: Self.milliseconds(configuration.idleTimeout),
            lowSpeed: Self.lowSpeed(configuration.slowestRate), responseLimit: request.destination.memoryLimit)
        let answer = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                // libcurl blocks its thread for the whole transfer: never one of the task pool's.
                Thread { continuation.resume(returning: transfer.run(cancel: flag)) }.start()
            }
        } onCancel: {
            flag.raise()
        }
        return try response(from: answer)
    }

    /// The request's header lines, with URLSession's defaults for `User-Agent` and a body's
    /// `Content-Type`; libcurl writes `Content-Length` from the file's length. An empty value is
    /// written `Name;`, libcurl's form for an empty header (`Name:` would remove the header).
    private func headerLines() throws -> [String] {
        var lines: [String] = []
        for field in request.headers where !["content-length", "transfer-encoding"].contains(field.name.lowercased()) {
            guard !(field.name + field.value).utf8.contains(where: { $0 == 10 || $0 == 13 || $0 == 0 }) else {
                throw HTTPTransportError(.other, request, "the header \(field.name) holds a line break")
            }
            lines.append(field.value.isEmpty ? "\(field.name);" : "\(field.name): \(field.value)")
        }
        if !request.headers.contains("User-Agent") { lines.append("User-Agent: \(Self.userAgent)") }
        if !request.headers.contains("Content-Type") { lines.append("Content-Type: application/octet-stream") }
        return lines
    }

    /// What URLSession on Linux sends as `User-Agent`: the program's name, then libcurl's.
    static let userAgent = "\(ProcessInfo.processInfo.processName) (unknown version) curl"

    private func response(from answer: Transfer.Answer) throws -> HTTPResponse {
        switch answer {
        case .failed(let kind, let detail):
            throw HTTPTransportError(kind, request, detail)
        case .answered(let status, let head, let body):
            var response = try ResponseHead.checked(
                status: status, headers: Self.headers(parsing: head), request, received: Int64(body.count))
            response.body = body
            return response
        }
    }

    /// The header fields of a response's header lines, ended by CRLF or a bare LF (folded lines
    /// joined to the field before).
    static func headers(parsing head: String) -> HTTPHeaders {
        var fields: [(String, String)] = []
        // "\r\n" is one Character in Swift: both ends are separators of their own.
        for line in head.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\r\n" || $0 == "\n" }) {
            if let first = line.first, first == " " || first == "\t", let last = fields.popLast() {
                fields.append((last.0, last.1 + " " + line.trimmingCharacters(in: .whitespaces)))
                continue
            }
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields.append(
                (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        return HTTPHeaders(fields)
    }

    static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return max(1, Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000))
    }

    /// libcurl's low-speed limit (bytes a second over whole seconds) nearest the slowest rate, or
    /// none (0) when that rate is under a byte a second (the idle timeout still holds).
    static func lowSpeed(_ slowest: SlowestRate) -> (bytes: Int, seconds: Int) {
        let window = max(1, milliseconds(slowest.window) / 1000)
        let rate = Int(slowest.bytes) / window
        return rate >= 1 ? (rate, window) : (0, 0)
    }
}

/// The C flag an upload's progress callback reads, raised from any thread when its task is
/// cancelled. The pointer never changes and the flag behind it is a C atomic.
private final class CancelFlag: Sendable {
    nonisolated(unsafe) let pointer: OpaquePointer

    init?() {
        guard let flag = curl_upload_flag_create() else { return nil }
        pointer = flag
    }

    func raise() { curl_upload_flag_raise(pointer) }

    deinit { curl_upload_flag_destroy(pointer) }
}

/// One upload's values, as its thread needs them.
private struct Transfer: Sendable {
    enum Answer: Sendable {
        case answered(status: Int, head: String, body: Data)
        case failed(HTTPTransportError.Kind, String)
    }

    let url: String
    let method: String
    let headers: [String]
    let descriptor: Int32
    let length: Int64
    /// No connection, or no byte moved, for this long: timed out.
    let idleMilliseconds: Int
    let lowSpeed: (bytes: Int, seconds: Int)
    let responseLimit: Int

    /// Runs the upload on the calling thread.
    func run(cancel flag: CancelFlag) -> Answer {
        let copies = headers.map { strdup($0) }
        defer { for copy in copies { free(copy) } }
        let lines: [UnsafePointer<CChar>] = copies.compactMap { $0.map { UnsafePointer($0) } }
        guard lines.count == copies.count else { return .failed(.other, "out of memory for the request's headers") }
        var result = curl_upload_result()
        url.withCString { url in
            method.withCString { method in
                lines.withUnsafeBufferPointer { lines in
                    var request = curl_upload_request(
                        url: url, method: method, headers: lines.baseAddress, header_count: Int32(lines.count),
                        body_fd: descriptor, body_length: length, buffer_size: CurlFileUpload.bufferSize,
                        connect_timeout_ms: idleMilliseconds, idle_timeout_ms: idleMilliseconds,
                        low_speed_bytes: lowSpeed.bytes,
                        low_speed_seconds: lowSpeed.seconds, response_limit: responseLimit, cancel: flag.pointer)
                    curl_upload_perform(&request, &result)
                }
            }
        }
        defer { curl_upload_result_release(&result) }
        guard result.outcome == curl_upload_answered else {
            let message = withUnsafeBytes(of: result.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            return .failed(Self.kind(of: result.outcome), message)
        }
        let head = result.head.map {
            String(decoding: UnsafeRawBufferPointer(start: $0, count: result.head_length), as: UTF8.self)
        }
        let body = result.body.map { Data(bytes: $0, count: result.body_length) } ?? Data()
        return .answered(status: result.status, head: head ?? "", body: body)
    }

    static func kind(of outcome: curl_upload_outcome) -> HTTPTransportError.Kind {
        switch outcome {
        case curl_upload_cancelled: .cancelled
        case curl_upload_timed_out: .timedOut
        case curl_upload_cannot_connect: .cannotConnect
        case curl_upload_connection_lost: .connectionLost
        case curl_upload_tls: .tls
        case curl_upload_local_file: .localFile
        case curl_upload_response_too_large: .responseTooLarge
        default: .other
        }
    }
}
