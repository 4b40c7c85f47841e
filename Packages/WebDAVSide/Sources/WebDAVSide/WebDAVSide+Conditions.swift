import FileTreeInterface
import Foundation
import NetworkInterface

extension WebDAVSide {
    /// Whether the server refuses a write whose precondition fails, found out once per server by
    /// ``probeConditions(in:)``. Where it does not (rclone 1.60, nginx), every change looks at its
    /// target again just before it is made.
    var enforcesConditions: Bool {
        let server = Self.serverKey(root.url)
        if let known = registry.enforcesConditions(server) { return known }
        // A first sync's pair folder does not exist yet: probe in the folder above it.
        let parent = try? RemoteRoot(root.url.deletingLastPathComponent())
        guard let enforced = probeConditions(in: root.url) ?? parent.flatMap({ probeConditions(in: $0.url) }) else {
            return false  // nowhere to probe: assume the worst, and try again next time
        }
        registry.setEnforcesConditions(server, enforced)
        return enforced
    }

    /// Creates a probe file in `folder` with `If-None-Match: *`, then tries to create it again
    /// (`If-None-Match: *`) and to replace it with a bogus `If-Match`: a server that enforces
    /// conditions answers 412 to both. The probe is removed.
    /// - Returns: whether the server enforces conditions; nil when the folder cannot take the
    ///   probe (missing, read-only, unreachable).
    func probeConditions(in folder: URL) -> Bool? {
        let name = ".synccli-probe-" + String(UInt64.random(in: 0...UInt64.max), radix: 16)
        let url = folder.appending(path: name)
        func put(_ header: String, _ value: String) -> Int? {
            (try? send(HTTPRequest(.put, url, headers: [header: value], body: .bytes(Data("probe".utf8)))))?.status
        }
        guard let created = put("If-None-Match", "*"), (200..<300).contains(created) else { return nil }
        defer { _ = try? send(HTTPRequest(.delete, url)) }
        return put("If-None-Match", "*") == 412 && put("If-Match", "\"synccli-never-an-etag\"") == 412
    }

    /// `scheme://host:port` of `url`.
    static func serverKey(_ url: URL) -> String {
        "\(url.scheme ?? "http")://\(url.host() ?? "")" + (url.port.map { ":\($0)" } ?? "")
    }
}
