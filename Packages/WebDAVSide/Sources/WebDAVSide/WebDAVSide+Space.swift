public import FileTreeInterface
import Foundation
import NetworkInterface

extension WebDAVSide: SideSpaceReporting {
    /// Asks for just the free space.
    static let quotaBody = Data(
        (#"<?xml version="1.0" encoding="utf-8"?><D:propfind xmlns:D="DAV:"><D:prop>"#
            + "<D:quota-available-bytes/></D:prop></D:propfind>").utf8)

    /// The root's `quota-available-bytes` (RFC 4331) from a `PROPFIND` of the root alone, or nil
    /// when the server does not give it (many do not): then the caller cannot know the free space.
    /// When the root's last listing (since the last call) did not give it, the server is not asked
    /// again: a listing of the root and then the free space (a sync's trash expiry) cost one request.
    /// - Throws: `TreeError` when the server cannot be reached or its answer is not a listing.
    public func availableSpace() throws -> Int64? {
        let told = registry.withRoot(root) { state in
            defer { state.tellsFreeSpace = nil }
            return state.tellsFreeSpace
        }
        if told == false { return nil }
        var request = propfind(root.url, depth: "0")
        request.body = .bytes(Self.quotaBody)
        let response = try send(request, about: .root)
        guard response.status == 207 else { return nil }
        let resources: [DAVResource]
        do {
            resources = try Multistatus.parse(response.body)
        } catch {
            throw TreeError.remote(path: .root, message: "the server's answer is not a WebDAV listing: \(error)")
        }
        return resources.first { root.member(ofHref: $0.href) == .root }?.quotaAvailable
    }
}
