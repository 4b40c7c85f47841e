import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// An HTTP/1.1 responder on 127.0.0.1, in the test process, for what a URLProtocol stub cannot
/// show on Linux (corelibs-foundation traps on a redirect from a custom protocol): it answers
/// each request from a table of raw responses by path and records the requests it saw.
final class TinyHTTPServer: Sendable {
    struct Seen: Sendable {
        let method: String
        let path: String
        /// The header lines, lower-cased.
        let headers: [String]
        let body: Data
    }

    let port: UInt16
    private let listener: Int32
    private let routes: Mutex<[String: [String]]>
    private let seen = Mutex<[Seen]>([])
    /// How many more requests to each path are cut mid-body (reset, as a dropped link).
    private let resets: Mutex<[String: Int]>
    /// Paths answered before any body is read.
    private let early: Set<String>

    /// Starts serving `routes` (path → raw response text, `\r\n` line ends) on a thread of its own.
    convenience init(routes: [String: String]) throws {
        try self.init(sequences: routes.mapValues { [$0] })
    }

    /// Starts serving, for each path, its responses in turn (the last one again once the others
    /// are used).
    /// - Parameter resetting: for each path, how many of its requests are reset once part of their
    ///   body has arrived (before any answer), as a link that drops mid-upload.
    /// - Parameter early: paths answered as soon as the request's head has arrived, without
    ///   `100 Continue` and without reading a body (a server refusing a write up front).
    init(sequences routes: [String: [String]], resetting: [String: Int] = [:], early: Set<String> = []) throws {
        let (descriptor, port) = try boundSocket()
        guard listen(descriptor, 16) == 0 else { throw SocketError(description: "listen: \(errno)") }
        self.listener = descriptor
        self.port = port
        self.routes = Mutex(routes)
        self.resets = Mutex(resetting)
        self.early = early
        let thread = Thread { [self] in serve() }
        thread.start()
    }

    /// Every request seen so far.
    var requests: [Seen] { seen.withLock { $0 } }

    /// Stops accepting; the serving thread ends.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func serve() {
        while true {
            let connection = accept(listener, nil, nil)
            if connection < 0 { return }
            handle(connection)
            close(connection)
        }
    }

    private func handle(_ connection: Int32) {
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 16 << 10)
        var headerEnd: Range<Data.Index>?
        while headerEnd == nil {
            let count = read(connection, &buffer, buffer.count)
            if count <= 0 { return }
            received.append(contentsOf: buffer[..<count])
            headerEnd = received.range(of: Data("\r\n\r\n".utf8))
        }
        guard let headerEnd else { return }
        let head = String(decoding: received[..<headerEnd.lowerBound], as: UTF8.self)
        let lines = head.components(separatedBy: "\r\n")
        let parts = lines.first?.split(separator: " ") ?? []
        guard parts.count >= 2 else { return }
        let length =
            lines.dropFirst().compactMap { line -> Int? in
                let pair = line.split(separator: ":", maxSplits: 1)
                guard pair.count == 2, pair[0].lowercased() == "content-length" else { return nil }
                return Int(pair[1].trimmingCharacters(in: .whitespaces))
            }.first ?? 0
        var body = received[headerEnd.upperBound...]
        if early.contains(String(parts[1])) {
            seen.withLock {
                $0.append(
                    Seen(
                        method: String(parts[0]), path: String(parts[1]),
                        headers: lines.dropFirst().map { $0.lowercased() },
                        body: Data(body)))
            }
            let answer = routes.withLock { $0[String(parts[1])]?.first } ?? "HTTP/1.1 404 Not Found\r\n\r\n"
            _ = Array(answer.utf8).withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
            return
        }
        if lines.contains(where: { $0.lowercased() == "expect: 100-continue" }) {
            _ = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8).withUnsafeBytes {
                write(connection, $0.baseAddress, $0.count)
            }
        }
        let cut = resets.withLock { resets -> Bool in
            guard let left = resets[String(parts[1])], left > 0 else { return false }
            resets[String(parts[1])] = left - 1
            return true
        }
        if cut {
            if body.isEmpty { _ = read(connection, &buffer, buffer.count) }
            var linger = linger(l_onoff: 1, l_linger: 0)
            setsockopt(connection, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<linger>.size))
            seen.withLock {
                $0.append(Seen(method: String(parts[0]), path: String(parts[1]), headers: [], body: Data()))
            }
            return
        }
        while body.count < length {
            let count = read(connection, &buffer, buffer.count)
            if count <= 0 { break }
            body.append(contentsOf: buffer[..<count])
        }
        let path = String(parts[1])
        seen.withLock {
            $0.append(
                Seen(
                    method: String(parts[0]), path: path, headers: lines.dropFirst().map { $0.lowercased() },
                    body: Data(body)))
        }
        let response =
            routes.withLock { routes -> String? in
                guard var answers = routes[path], let next = answers.first else { return nil }
                if answers.count > 1 {
                    answers.removeFirst()
                    routes[path] = answers
                }
                return next
            } ?? "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n"
        _ = Array(response.utf8).withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
    }
}
