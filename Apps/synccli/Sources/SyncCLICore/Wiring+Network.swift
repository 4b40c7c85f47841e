import CurlOnDemand
import FileSystemInterface
import Foundation
import NetworkInterface
import NetworkLive
import Synchronization

/// The credentials of the container servers this run uses: loaded once per server, when a
/// command first settles on a container there, and added (Basic authentication) only to requests
/// for that server (scheme, host and port), never to another.
final class ServerCredentials: Sendable {
    private let loader: CredentialLoader
    /// Each server prepared so far (by origin), with its credentials, if it has any.
    private let servers = Mutex<[String: (server: URL, credentials: Credentials?)]>([:])

    /// Credentials from `environment` (the variables, then the credentials file, then `~/.netrc`).
    init(environment: [String: String]) {
        loader = CredentialLoader(environment: environment)
    }

    /// Where the user puts credentials, for messages.
    var sources: ContainerArgument.CredentialSources {
        ContainerArgument.CredentialSources(
            file: loader.configFile, userVariable: CredentialLoader.userVariable,
            passwordVariable: CredentialLoader.passwordVariable)
    }

    /// Loads the credentials of `container`'s server (nothing for a folder) for the requests to come.
    /// - Throws: ``CLIFailure`` (exit 4) when a credentials source exists but is refused.
    func prepare(for container: URL) throws(CLIFailure) {
        guard !container.isFileURL, let host = container.host(percentEncoded: false) else { return }
        let origin = Self.origin(of: container)
        if servers.withLock({ $0[origin] != nil }) { return }
        let credentials: Credentials?
        do {
            credentials = try loader.credentials(for: host)
        } catch {
            throw CLIFailure(.containerUnavailable, "the credentials for \(host) cannot be used: \(error)")
        }
        servers.withLock { $0[origin] = (container, credentials) }
    }

    /// `base`, authenticating each prepared server that has credentials.
    func authenticating(_ base: any HTTPTransport) -> any HTTPTransport {
        let prepared = servers.withLock { Array($0.values) }
        return prepared.reduce(base) { transport, entry in
            guard let credentials = entry.credentials else { return transport }
            return BasicAuthTransport(transport, credentials: credentials, for: entry.server)
        }
    }

    private static func origin(of url: URL) -> String {
        let scheme = url.scheme?.lowercased() ?? ""
        let port = url.port ?? (scheme == "https" ? 443 : 80)
        return "\(scheme)://\(url.host(percentEncoded: false)?.lowercased() ?? ""):\(port)"
    }
}

/// Sends each request through the transport with the credentials prepared by then.
struct AuthenticatingTransport: HTTPTransport {
    let base: any HTTPTransport
    let credentials: ServerCredentials

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await credentials.authenticating(base).send(request)
    }
}

/// `URLSessionTransport.shared`, reached only when a request is sent: making a URLSession makes
/// Foundation create its cache and cookie folders in the user's home, which a command that never
/// talks to a server (every folder container, every read-only command) must not do. The release
/// synccli loads libcurl here too, the first time (``curl_on_demand_load()``), so a command that
/// never talks to a server does not map it and its 35 libraries at start.
struct SharedSessionTransport: HTTPTransport {
    /// - Throws: ``HTTPTransportError`` (kind `other`) when libcurl cannot be loaded, naming the
    ///   file and the package that brings it; what the transport throws otherwise.
    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        if let failure = curl_on_demand_load() {
            throw HTTPTransportError(
                .other, request,
                "libcurl, which synccli talks to servers with, cannot be loaded (install libcurl4): "
                    + String(cString: failure))
        }
        return try await URLSessionTransport.shared.send(request)
    }
}
