import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// An HTTP/1.1 server on 127.0.0.1 for one upload, scripted by bytes, not by time: it reads the
/// request's head (answering `100 Continue` when asked), then `pauseAfter` bytes of the body, and
/// stops reading until ``resume()``; then it reads the rest and answers `201 Created`.
final class PausingSink: Sendable {
    let port: UInt16
    private let listener: Int32
    private let pausedSignal: AsyncStream<Void>
    private let endedSignal: AsyncStream<Void>
    private let resumed = DispatchSemaphore(value: 0)
    /// The body bytes read, once the connection has ended.
    private let total = Mutex<Int?>(nil)

    init(pauseAfter: Int) throws {
        let (descriptor, port) = try boundSocket()
        guard listen(descriptor, 4) == 0 else { throw SocketError(description: "listen: \(errno)") }
        listener = descriptor
        self.port = port
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        pausedSignal = stream
        let (ended, end) = AsyncStream<Void>.makeStream()
        endedSignal = ended
        Thread { [self] in
            serve(pauseAfter: pauseAfter, paused: continuation)
            end.finish()
        }.start()
    }

    var url: URL { URL(string: "http://127.0.0.1:\(port)/upload.bin") ?? URL(filePath: "/") }

    /// Returns once `pauseAfter` body bytes have been read (or the connection ended before).
    func paused() async {
        for await _ in pausedSignal { return }
    }

    /// Reads the rest of the body and answers.
    func resume() { resumed.signal() }

    /// Returns once the connection has ended and ``bodyBytesRead`` is set.
    func finished() async {
        for await _ in endedSignal {}
    }

    /// The body bytes read before the connection ended, or nil while it lasts.
    var bodyBytesRead: Int? { total.withLock { $0 } }

    func stop() {
        resumed.signal()
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func serve(pauseAfter: Int, paused: AsyncStream<Void>.Continuation) {
        defer { paused.finish() }
        let connection = accept(listener, nil, nil)
        guard connection >= 0 else { return }
        defer { close(connection) }
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        var head = Data()
        var bodyRead = 0
        while true {
            let count = read(connection, &buffer, 1)  // byte by byte: nothing of the body is taken early
            if count <= 0 { return }
            head.append(buffer[0])
            if head.count >= 4, head.suffix(4) == Data("\r\n\r\n".utf8) { break }
        }
        if String(decoding: head, as: UTF8.self).lowercased().contains("expect: 100-continue") {
            _ = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8).withUnsafeBytes {
                write(connection, $0.baseAddress, $0.count)
            }
        }
        var waiting = true
        while true {
            if waiting, bodyRead >= pauseAfter {
                waiting = false
                paused.yield()
                resumed.wait()
            }
            let count = read(connection, &buffer, waiting ? min(buffer.count, pauseAfter - bodyRead) : buffer.count)
            if count <= 0 { break }
            bodyRead += count
            if bodyRead >= contentLength(head) { break }
        }
        total.withLock { $0 = bodyRead }
        if bodyRead >= contentLength(head) {
            let answer = "HTTP/1.1 201 Created\r\nContent-Length: 0\r\n\r\n"
            _ = Array(answer.utf8).withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
        }
    }

    private func contentLength(_ head: Data) -> Int {
        for line in String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n") {
            let pair = line.split(separator: ":", maxSplits: 1)
            if pair.count == 2, pair[0].lowercased() == "content-length" {
                return Int(pair[1].trimmingCharacters(in: .whitespaces)) ?? .max
            }
        }
        return .max
    }
}
