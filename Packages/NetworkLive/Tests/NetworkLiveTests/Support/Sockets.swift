import Foundation

#if canImport(Glibc)
    import Glibc
#endif

struct SocketError: Error, CustomStringConvertible {
    let description: String
}

/// A listening TCP socket on 127.0.0.1 that never accepts: the kernel completes the handshake,
/// and then nothing is ever answered. Closed by ``close()``.
struct SilentListener {
    let descriptor: Int32
    let port: UInt16

    init() throws {
        let (descriptor, port) = try boundSocket()
        guard listen(descriptor, 16) == 0 else {
            _ = Glibc.close(descriptor)
            throw SocketError(description: "listen: \(errno)")
        }
        self.descriptor = descriptor
        self.port = port
    }

    func close() {
        _ = Glibc.close(descriptor)
    }
}

/// A socket bound to 127.0.0.1 on a port the kernel picked.
func boundSocket() throws -> (Int32, UInt16) {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw SocketError(description: "socket: \(errno)") }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
    }
    guard bound == 0 else { throw SocketError(description: "bind: \(errno)") }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let named = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
    }
    guard named == 0 else { throw SocketError(description: "getsockname: \(errno)") }
    return (descriptor, UInt16(bigEndian: address.sin_port))
}

/// A port on 127.0.0.1 that was free a moment ago (nothing listens on it now).
func freePort() throws -> UInt16 {
    let (descriptor, port) = try boundSocket()
    _ = close(descriptor)
    return port
}

/// Waits until something accepts connections on 127.0.0.1:`port`, while `alive` holds; gives up
/// after 30 s. Set-up only: no test asserts on how long it took.
func waitUntilAccepting(port: UInt16, while alive: () -> Bool) -> Bool {
    for _ in 0..<3000 {
        guard alive() else { return false }
        if canConnect(port: port) { return true }
        usleep(10_000)
    }
    return false
}

private func canConnect(port: UInt16) -> Bool {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { return false }
    defer { _ = close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = port.bigEndian
    return withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
    } == 0
}
