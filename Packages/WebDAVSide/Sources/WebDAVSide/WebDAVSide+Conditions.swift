import FileTreeInterface
import Foundation
import NetworkInterface

extension WebDAVSide {
    /// Whether the server refuses a write whose precondition fails. Known from the container lock
    /// (the container's record, checked in the same run) or found out here by
    /// ``probeConditions(in:)`` the first time a change needs it. Where it does not (rclone 1.60,
    /// nginx), every change looks at its target again just before it is made.
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

    /// Creates a probe file in `folder` (``probe(at:body:)``) and removes it.
    /// - Returns: whether the server enforces conditions; nil when the folder cannot take the
    ///   probe (missing, read-only, unreachable) or its answers said neither.
    func probeConditions(in folder: URL) -> Bool? {
        let name = ReservedNames.probePrefix + String(UInt64.random(in: 0...UInt64.max), radix: 16)
        let url = folder.appending(path: name)
        let (created, enforced) = probe(at: url, body: Data("probe".utf8))
        if created { _ = try? send(HTTPRequest(.delete, url)) }
        return enforced
    }

    /// Creates a file at `url` with `If-None-Match: *`, then, both at once, tries to create it
    /// again (`If-None-Match: *`) and to replace it with a bogus `If-Match`: a server that
    /// enforces conditions refuses both (412); one that writes either ignores them. A check
    /// answered otherwise (`423 Locked` from a server that takes one write to a path at a time, a
    /// server error, no answer) is sent again alone, once. The file is left there.
    /// - Returns: whether the file was created, and whether the server enforces conditions (nil
    ///   when it was not created, or a check was still answered neither way).
    private func probe(at url: URL, body: Data) -> (created: Bool, enforced: Bool?) {
        func put(_ header: String, _ value: String) -> HTTPRequest {
            HTTPRequest(.put, url, headers: [header: value], body: .bytes(body))
        }
        guard let created = try? send(put("If-None-Match", "*")), (200..<300).contains(created.status) else {
            return (false, nil)
        }
        let checks = [put("If-None-Match", "*"), put("If-Match", "\"synccli-never-an-etag\"")]
        var statuses = sendAll(checks).map { try? $0.get().status }
        for index in checks.indices where !Self.tellsConditions(statuses[index]) {
            statuses[index] = (try? send(checks[index]))?.status
        }
        if statuses.contains(where: { $0.map { (200..<300).contains($0) } == true }) { return (true, false) }
        return (true, statuses.allSatisfy { $0 == 412 } ? true : nil)
    }

    /// Whether a probe's check was answered either way: refused as a failed condition (412) or
    /// written (2xx).
    private static func tellsConditions(_ status: Int?) -> Bool {
        guard let status else { return false }
        return status == 412 || (200..<300).contains(status)
    }

    /// `scheme://host:port` of `url`.
    static func serverKey(_ url: URL) -> String {
        "\(url.scheme ?? "http")://\(url.host() ?? "")" + (url.port.map { ":\($0)" } ?? "")
    }

    // MARK: The container's record

    /// The record, at a container's root, that the server behind it was found to enforce
    /// conditions; ``conditionsIgnoredRecord`` that it was found not to. Whichever is there spares
    /// later runs the probe; neither: the first lock probes and writes one.
    static let conditionsEnforcedRecord = ReservedNames.conditionsRecordPrefix + "enforced"
    static let conditionsIgnoredRecord = ReservedNames.conditionsRecordPrefix + "ignored"

    /// What the record at this side's root (as its listing in this run shows) says: true
    /// (enforced), false (ignored), nil (no record).
    var recordedConditions: Bool? {
        func present(_ name: String) -> Bool {
            guard let path = try? RelativePath(components: [name]) else { return false }
            if case .found(let resource) = registry.snapshot.lookup(root.serverPath(of: path)) {
                return !resource.isCollection
            }
            return false
        }
        if present(Self.conditionsIgnoredRecord) { return false }
        return present(Self.conditionsEnforcedRecord) ? true : nil
    }

    /// The request that checks, in the same round trip as the lock's create, that a server whose
    /// record says it enforces conditions still does: a create of the record with
    /// `If-None-Match: *`, which an enforcing server refuses (412) as the record is there. A server
    /// that ignores conditions now (the container was copied to another server) writes it: the
    /// run then trusts nothing and the record is corrected.
    var conditionsCheck: HTTPRequest {
        HTTPRequest(
            .put, root.url(for: Self.recordPath(Self.conditionsEnforcedRecord)), headers: ["If-None-Match": "*"],
            body: .bytes(Self.recordBody))
    }

    /// Probes this side's root (the container's) with the record itself as the probe file
    /// (``probe(at:body:)``): on an enforcing server the file stays as the record; on one that
    /// ignores conditions it is removed and ``conditionsIgnoredRecord`` written; where the checks
    /// said neither, it stays for the next lock's check (a create over it) to tell. Sent once per
    /// container, by its first lock.
    /// - Returns: whether the server enforces conditions; nil when the root cannot take the probe
    ///   or the checks said neither.
    func probeAndRecordConditions() -> Bool? {
        let url = root.url(for: Self.recordPath(Self.conditionsEnforcedRecord))
        let (created, enforced) = probe(at: url, body: Self.recordBody)
        guard created else { return nil }
        if enforced == false { forgetConditionsRecord() }
        return enforced
    }

    /// Replaces the record of enforced conditions with one of ignored conditions.
    func forgetConditionsRecord() {
        _ = try? send(HTTPRequest(.delete, root.url(for: Self.recordPath(Self.conditionsEnforcedRecord))))
        _ = try? send(
            HTTPRequest(
                .put, root.url(for: Self.recordPath(Self.conditionsIgnoredRecord)), body: .bytes(Self.recordBody)))
    }

    private static func recordPath(_ name: String) -> RelativePath {
        (try? RelativePath(components: [name])) ?? .root
    }

    private static let recordBody = Data(#"{"tool":"synccli","about":"whether this server enforces If-Match"}"#.utf8)
}
