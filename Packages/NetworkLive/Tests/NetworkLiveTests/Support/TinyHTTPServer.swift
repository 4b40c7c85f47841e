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

    /// Starts serving `routes` (path → raw response text, `\r\n` line ends) on a thread of its own.
    convenience init(routes: [String: String]) throws {
        try self.init(sequences: routes.mapValues { [$0] })
    }

    /// Starts serving, for each path, its responses in turn (the last one again once the others
    /// are used).
    init(sequences routes: [String: [String]]) throws {
        let (descriptor, port) = try boundSocket()
        guard listen(descriptor, 16) == 0 else { throw SocketError(description: "listen: \(errno)") }
        self.listener = descriptor
        self.port = port
        self.routes = Mutex(routes)
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
