public import Foundation
public import NetworkInterface

// RemoteStore (interfaces only): takes every dependency
public struct RemoteStore: Sendable {
    let server: URL
    let transport: any HTTPTransport
    public init(server: URL, using transport: any HTTPTransport) {
        self.server = server
        self.transport = transport
    }
}

extension RemoteStore {
    /// Puts a small file named `name` into the store's collection.
    /// - Throws: ``HTTPTransportError`` when the request fails on the way, or kind `.other` naming
    ///   the status when the server refuses it.
    public func upload(_ name: String) async throws {
        let request = HTTPRequest(.put, server.appending(path: name), body: .bytes(Data("x".utf8)))
        let response = try await transport.send(request)
        guard response.isSuccess else {
            throw HTTPTransportError(.other, request, "status \(response.status)")
        }
    }
}
