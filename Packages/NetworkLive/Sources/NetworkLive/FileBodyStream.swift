import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A request body streamed from a file, made afresh for every attempt of a task (the session
/// delegate's `needNewBodyStream`), that gives exactly the length the request's `Content-Length`
/// announced.
///
/// URLSession's own file body (`uploadTask(with:fromFile:)`) cannot be rewound on FoundationNetworking
/// (a retry sends the rest of the file on a new connection) and traps when every connection is
/// reset mid-body (a `try!` around libcurl's pause state): a stream has neither problem, and libcurl
/// asks for a new one when it must start the body again. A file that is shorter than announced
/// (changed while it was sent) ends the body with an error, never a short body the server would
/// wait for; one that grew is cut at the announced length (the caller checks the source after the
/// upload and discards it).
final class FileBodyStream: InputStream {
    private struct State {
        var descriptor: Int32 = -1
        var remaining: Int64
        var status: Stream.Status = .notOpen
        var error: (any Error)?
    }

    private let path: String
    private let state: Mutex<State>

    /// A stream of the first `length` bytes of the file at `url`; the file is opened by ``open()``.
    init(url: URL, length: Int64) {
        path = url.path(percentEncoded: false)
        state = Mutex(State(remaining: length))
        super.init(data: Data())
    }

    override func open() {
        state.withLock { state in
            guard state.status == .notOpen else { return }
            let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
            if descriptor < 0 {
                state.status = .error
                state.error = POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            } else {
                state.descriptor = descriptor
                state.status = .open
            }
        }
    }

    override func close() {
        state.withLock { state in
            if state.descriptor >= 0 { _ = Glibc.close(state.descriptor) }
            state.descriptor = -1
            if state.status != .error { state.status = .closed }
        }
    }

    override var streamStatus: Stream.Status { state.withLock { $0.status } }

    override var streamError: (any Error)? { state.withLock { $0.error } }

    override var hasBytesAvailable: Bool {
        state.withLock { $0.status == .open && $0.remaining > 0 }
    }

    /// Reads up to `len` bytes of what is left of the announced length: 0 at its end, -1 when the
    /// file ends early or cannot be read.
    override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength len: Int) -> Int {
        state.withLock { state in
            guard state.status == .open else { return state.status == .error ? -1 : 0 }
            guard state.remaining > 0 else { return 0 }
            let wanted = Int(min(Int64(len), state.remaining))
            while true {
                let count = Glibc.read(state.descriptor, buffer, wanted)
                if count > 0 {
                    state.remaining -= Int64(count)
                    return count
                }
                if count < 0, errno == EINTR { continue }
                state.status = .error
                state.error =
                    count == 0 ? POSIXError(.EIO) : POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
                return -1
            }
        }
    }

    override func getBuffer(
        _ buffer: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, length len: UnsafeMutablePointer<Int>
    ) -> Bool {
        false
    }

    deinit {
        state.withLock { state in
            if state.descriptor >= 0 { _ = Glibc.close(state.descriptor) }
        }
    }
}
