import FileTreeInterface
import Foundation
import NetworkInterface

extension WebDAVSide {
    /// Keeps the locks this opener holds while it works: before any request but a lock's own, a
    /// lock with less than half of its lease left is renewed (its document written again with a
    /// new end, conditional on the ETag of the last write, or read first where the server ignores
    /// conditions), so a sync longer than the lease keeps the container to itself.
    ///
    /// A lock another machine holds now (it took the lock over once the lease had run out: a
    /// request that took longer than half a lease, a machine that slept) is lost: that request
    /// and every later one of this opener fail, and the sync stops changing the container. A
    /// renewal that got no answer, or was refused, is tried again by the next request, and the
    /// sync goes on meanwhile, until an eighth of the lease is left.
    /// - Throws: `TreeError.remote` saying the lock was lost, or that its lease is running out
    ///   and it could not be renewed.
    func keepLocks(for requests: [HTTPRequest]) throws {
        if requests.allSatisfy({ $0.url.lastPathComponent.hasPrefix(ReservedNames.lockPrefix) }) { return }
        try renewDueLocks()
    }

    /// Renews the locks with less than half of their lease left, as ``keepLocks(for:)`` says.
    /// - Throws: as ``keepLocks(for:)``.
    func renewDueLocks() throws {
        let now = settings.now().timeIntervalSince1970
        let halfLease = Self.seconds(settings.leaseDuration) / 2
        let due = try registry.heldLocks.withLock { held in
            if let (url, lock) = held.first(where: { $0.value.lost != nil }) {
                throw lockLost(url, because: lock.lost ?? "")
            }
            let due = held.filter { !$0.value.renewing && $0.value.document.expires - now < halfLease }
            for url in due.keys { held[url]?.renewing = true }
            return due
        }
        var failure: (any Error)?
        for (url, lock) in due {
            do {
                try renew(url, lock, now: now)
            } catch {
                failure = failure ?? error
            }
        }
        if let failure { throw failure }
    }

    /// Writes the lock at `url` again with a lease from `now`, and keeps what came of it.
    private func renew(_ url: URL, _ lock: SideRegistry.HeldLock, now: TimeInterval) throws {
        let outcome = Result { try renewal(url, lock, now: now) }
        registry.heldLocks.withLock { held in
            held[url]?.renewing = false
            switch outcome {
            case .success(let renewed):
                held[url]?.document = renewed.document
                held[url]?.etag = renewed.etag
            case .failure(let lost as LockLost): held[url]?.lost = lost.reason
            case .failure: break  // no answer or refused: the next request tries again
            }
        }
        switch outcome {
        case .success: return
        case .failure(let lost as LockLost): throw lockLost(url, because: lost.reason)
        case .failure(let error):
            let left = lock.document.expires - now
            if left > Self.seconds(settings.leaseDuration) / 8 { return }
            throw TreeError.remote(
                path: .root,
                message:
                    "the container's lock \(url.lastPathComponent) ends in \(max(0, Int(left))) s and could not "
                    + "be renewed (\(error)); the sync stops changing the container, and the next sync finishes")
        }
    }

    /// Why a lock is no longer this opener's.
    private struct LockLost: Error {
        var reason: String
    }

    /// The renewed lock document and the ETag its write got.
    /// - Throws: ``LockLost`` when the lock is gone or another machine's now; `TreeError.remote`
    ///   when the server did not answer or refused (not a loss: tried again).
    private func renewal(_ url: URL, _ lock: SideRegistry.HeldLock, now: TimeInterval) throws -> (
        document: LockDocument, etag: String?
    ) {
        var document = lock.document
        document.expires = now + Self.seconds(settings.leaseDuration)
        if registry.enforcesConditions(Self.serverKey(url)) == true, let etag = lock.etag {
            let response = try write(document, to: url, ifMatch: etag)
            if (200..<300).contains(response.status) { return (document, response.etag) }
            guard response.status == 412 || response.status == 404 else { throw refused(response) }
            // Changed since this opener's last write: another machine's lock, or still this one
            // (a renewal whose answer was lost, a server that changes ETags on its own).
            let current = try currentLock(at: url)
            try requireOwn(current.token, lock)
            let again = try write(document, to: url, ifMatch: current.etag)
            guard (200..<300).contains(again.status) else { throw refused(again) }
            return (document, again.etag)
        }
        try requireOwn(try currentLock(at: url).token, lock)
        let response = try write(document, to: url, ifMatch: nil)
        guard (200..<300).contains(response.status) else { throw refused(response) }
        guard try currentLock(at: url).token == lock.document.token else {
            throw LockLost(reason: "another machine wrote it at the same time")
        }
        return (document, response.etag)
    }

    /// Throws ``LockLost`` unless `token` is the lock's own.
    private func requireOwn(_ token: String?, _ lock: SideRegistry.HeldLock) throws {
        guard let token else { throw LockLost(reason: "it is gone") }
        guard token == lock.document.token else {
            throw LockLost(reason: "another machine took it over after its lease ran out")
        }
    }

    /// `PUT` of `document` at `url`, conditional on `etag` when given.
    private func write(_ document: LockDocument, to url: URL, ifMatch etag: String?) throws -> HTTPResponse {
        var put = HTTPRequest(.put, url, body: .bytes(try JSONEncoder().encode(document)))
        if let etag { put.headers["If-Match"] = etag }
        return try renewalAnswer(put)
    }

    /// The token of the lock document at `url` (nil when there is none; empty when it is not a
    /// lock document) and its ETag.
    /// - Throws: `TreeError.remote` for any other answer, or none.
    private func currentLock(at url: URL) throws -> (token: String?, etag: String?) {
        let response = try renewalAnswer(HTTPRequest(.get, url, destination: .memory(limit: 64 << 10)))
        switch response.status {
        case 404: return (nil, nil)
        case 200:
            let token = (try? JSONDecoder().decode(LockDocument.self, from: response.body))?.token
            return (token ?? "", response.etag)
        default: throw refused(response)
        }
    }

    /// The answer to a renewal's request (a lock's own: ``keepLocks(for:)`` lets it through).
    private func renewalAnswer(_ request: HTTPRequest) throws -> HTTPResponse {
        do {
            return try send(request)
        } catch let error as HTTPTransportError {
            throw TreeError.remote(path: .root, message: "\(error.kind.rawValue) (\(error.detail))")
        }
    }

    private func refused(_ response: HTTPResponse) -> TreeError {
        TreeError.remote(path: .root, message: "the server answered \(Self.describe(response))")
    }

    /// What every request fails with once the lock at `url` is lost.
    private func lockLost(_ url: URL, because reason: String) -> TreeError {
        TreeError.remote(
            path: .root,
            message:
                "the container's lock \(url.lastPathComponent) is no longer this sync's (\(reason)); "
                + "it stops changing the container, and the next sync finishes")
    }
}
