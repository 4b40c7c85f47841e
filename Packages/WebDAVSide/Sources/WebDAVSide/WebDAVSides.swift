public import FileTreeInterface
public import Foundation
public import NetworkInterface

/// Opens sides on WebDAV servers (`http` and `https` URLs), each a collection on the server
/// reached through one injected ``NetworkInterface/HTTPTransport``.
///
/// The transport carries every policy (credentials, retries, logging): this opener only speaks
/// WebDAV. With the in-memory server of `NetworkMock` behind a `MockHTTPTransport`, a whole sync
/// runs over a "server" without I/O. The sides one opener makes share what they learn (each
/// root's metadata, the ETags last seen, whether the server enforces conditions): use one
/// opener per engine.
///
/// ```swift
/// let sides = WebDAVSides(transport: transport)
/// let container = try sides.openSide(at: serverURL)
/// ```
public struct WebDAVSides: SideOpening {
    /// What every side of one opener shares.
    public struct Settings: Sendable {
        /// The most copies staged at once (the side's
        /// ``FileTreeInterface/SideCapabilities/parallelism``: each an upload or a download). With
        /// 20 ms of round trip, a run changing ten files in ten folders took 1.07 s with 4.
        public var width = 8
        /// The most small requests of one kind in flight at once, a round trip each: folders
        /// listed (a scan of a tree whose levels hold up to this many folders waits one round
        /// trip a level), staged copies moved onto their names and looked at.
        public var smallRequestWidth = 16
        /// How long a container lock lasts: a holder that crashed keeps other machines out no
        /// longer than this.
        public var leaseDuration: Duration = .seconds(30 * 60)
        /// The current time, for leases (tests pass their own clock).
        public var now: @Sendable () -> Date = { Date() }

        /// The defaults: 8 copies at once (16 listings and commits), 30-minute leases, the system
        /// clock.
        public init() {}
    }

    /// Sends every request of every side opened here.
    public let transport: any HTTPTransport
    /// What every side opened here shares.
    public let settings: Settings
    let registry = SideRegistry()
    let blocking = Blocking()

    /// Creates an opener.
    /// - Parameters:
    ///   - transport: sends the requests (wrap it for credentials and retries).
    ///   - settings: how many requests at once, lease duration and clock.
    public init(transport: any HTTPTransport, settings: Settings = Settings()) {
        self.transport = transport
        self.settings = settings
    }

    /// A side bound to the collection at `root`; nothing is sent until the side is used.
    /// - Throws: ``FileTreeInterface/TreeError/rootUnavailable(_:reason:)`` when `root` is not an
    ///   `http` or `https` URL with a host, or carries a user name or password (credentials never
    ///   travel in a URL).
    public func openSide(at root: URL) throws -> any SyncSideProviding {
        WebDAVSide(
            root: try RemoteRoot(root), transport: transport, blocking: blocking, registry: registry, settings: settings
        )
    }
}
