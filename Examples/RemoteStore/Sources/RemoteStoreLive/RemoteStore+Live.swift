public import Foundation
public import NetworkInterface
import NetworkLive
public import RemoteStore

// the app's wiring package (imports NetworkLive), the guide's default-parameter injection
extension RemoteStore {
    public init(server: URL, transport: any HTTPTransport = RetryingTransport(URLSessionTransport.shared)) {
        self.init(server: server, using: transport)
    }
}

extension RemoteStore {
    /// The app's transport to `server`: with the credentials stored for its host, if any, retried
    /// and logged to standard error.
    /// - Throws: `CredentialError` when a credentials source exists but is refused.
    public static func transport(to server: URL) throws -> any HTTPTransport {
        var transport: any HTTPTransport = URLSessionTransport.shared
        if let credentials = try CredentialLoader().credentials(for: server.host() ?? "") {
            transport = BasicAuthTransport(transport, credentials: credentials, for: server)
        }
        transport = LoggingTransport(RetryingTransport(transport)) { record in log.debug("\(record)") }
        return transport
    }
}

/// Where the app's transport logs: standard error.
let log = StandardErrorLog()

/// A logger with the one level the example uses.
struct StandardErrorLog: Sendable {
    func debug(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
