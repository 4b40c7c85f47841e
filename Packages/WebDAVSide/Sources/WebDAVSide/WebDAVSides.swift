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
    /// Sends every request of every side opened here.
    public let transport: any HTTPTransport
    /// The most folders a listing asks for at once.
    public let listingWidth: Int
    let registry = SideRegistry()
    let blocking = Blocking()

    /// Creates an opener.
    /// - Parameters:
    ///   - transport: sends the requests (wrap it for credentials and retries).
    ///   - listingWidth: the most folders listed at once (4 by default).
    public init(transport: any HTTPTransport, listingWidth: Int = 4) {
        self.transport = transport
        self.listingWidth = listingWidth
    }

    /// A side bound to the collection at `root`; nothing is sent until the side is used.
    /// - Throws: ``FileTreeInterface/TreeError/rootUnavailable(_:reason:)`` when `root` is not an
    ///   `http` or `https` URL with a host, or carries a user name or password (credentials never
    ///   travel in a URL).
    public func openSide(at root: URL) throws -> any SyncSideProviding {
        WebDAVSide(
            root: try RemoteRoot(root), transport: transport, blocking: blocking, registry: registry,
            listingWidth: listingWidth)
    }
}
