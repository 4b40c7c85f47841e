public import FileTreeInterface
import Foundation
import NetworkInterface

extension WebDAVSide: SideLocking {
    /// The lock document: who holds the lock, until when, and a token only this holder knows.
    struct LockDocument: Codable, Equatable {
        var holder: String
        /// The machine that took it (absent in a lock another tool wrote).
        var machine: String?
        /// Seconds since 1970.
        var expires: Double
        var token: String
    }

    /// Takes the lock `name` as a document `.synccli-lock-<name>` at this side's root, created with
    /// `If-None-Match: *` (one machine wins) or, once the holder's lease has ended, replaced with
    /// `If-Match` on the ETag read (one machine takes it over). The document is read back: a
    /// server that ignores conditions and let another machine win is caught there. A lock
    /// `machine` itself left (a crashed sync of it) is taken over at once.
    public func lock(_ name: String, holder: String, machine: String) throws -> any SideLockHolding {
        let path = try RelativePath(components: [".synccli-lock-" + name])
        _ = try listRoot(depth: "0")  // an unreachable server or a missing container says so here
        let now = settings.now()
        let mine = LockDocument(
            holder: holder, machine: machine,
            expires: now.addingTimeInterval(Self.seconds(settings.leaseDuration)).timeIntervalSince1970,
            token: String(UInt64.random(in: 0...UInt64.max), radix: 16))
        let body = try JSONEncoder().encode(mine)
        var put = HTTPRequest(.put, root.url(for: path), headers: ["If-None-Match": "*"], body: .bytes(body))
        // A server that ignores conditions would let the create replace a live lock: look first.
        var response = enforcesConditions ? try sendLocking(put, path) : HTTPResponse(status: 412)
        if response.status == 412 {
            let (current, etag) = try readLock(path)
            if let current, current.expires > now.timeIntervalSince1970, current.machine != machine {
                throw SideLockHeld(holder: current.holder, expires: Date(timeIntervalSince1970: current.expires))
            }
            if current != nil || etag != nil {
                put.headers["If-None-Match"] = nil
                if let etag { put.headers["If-Match"] = etag }
            }
            response = try sendLocking(put, path)
            if response.status == 412 {
                throw SideLockHeld(holder: "another machine (it took the lock just now)", expires: now)
            }
        }
        guard (200..<300).contains(response.status) else { throw lockFailure(response, path) }
        let (written, etag) = try readLock(path)
        guard let written, written.token == mine.token else {
            throw SideLockHeld(
                holder: written?.holder ?? "another machine",
                expires: Date(timeIntervalSince1970: written?.expires ?? 0))
        }
        return WebDAVLock(side: self, path: path, etag: etag)
    }

    /// The lock document at `path` and its ETag; a document that cannot be read as one counts as
    /// held until its lease from the server's time would end (a hostile lock never blocks for ever).
    private func readLock(_ path: RelativePath) throws -> (LockDocument?, String?) {
        guard let current = try properties(of: path) else { return (nil, nil) }
        var request = HTTPRequest(.get, root.url(for: path), destination: .memory(limit: 64 << 10))
        if let etag = current.etag { request.headers["If-Match"] = etag }
        let response = try sendLocking(request, path)
        guard response.status == 200 else { return (nil, current.etag) }
        if let document = try? JSONDecoder().decode(LockDocument.self, from: response.body) {
            return (document, current.etag)
        }
        let since = Double(current.modified ?? 0)
        let unreadable = LockDocument(
            holder: "an unreadable lock file", machine: nil, expires: since + Self.seconds(settings.leaseDuration),
            token: "")
        return (unreadable, current.etag)
    }

    private func sendLocking(_ request: HTTPRequest, _ path: RelativePath) throws -> HTTPResponse {
        do {
            return try send(request)
        } catch let error as HTTPTransportError {
            throw TreeError.rootUnavailable(
                location, reason: .unreachable("cannot reach the server: \(error.kind.rawValue) (\(error.detail))"))
        }
    }

    private func lockFailure(_ response: HTTPResponse, _ path: RelativePath) -> any Error {
        if response.status == 401 || response.status == 403 {
            return TreeError.rootUnavailable(
                location, reason: .unreachable("the server refused access (\(response.status)); check the credentials"))
        }
        return failure(response, path: path, doing: "lock")
    }

    static func seconds(_ duration: Duration) -> TimeInterval {
        TimeInterval(duration.components.seconds) + TimeInterval(duration.components.attoseconds) / 1e18
    }
}

/// A container lock held on the server; released by a `DELETE` conditional on its ETag, so a lock
/// another machine took over after the lease is left alone.
struct WebDAVLock: SideLockHolding {
    let side: WebDAVSide
    let path: RelativePath
    let etag: String?

    func release() {
        var request = HTTPRequest(.delete, side.root.url(for: path))
        if let etag { request.headers["If-Match"] = etag }
        _ = try? side.send(request)
    }
}
