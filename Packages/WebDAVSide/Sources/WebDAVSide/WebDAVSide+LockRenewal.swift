import FileTreeInterface
import Foundation
import NetworkInterface

extension WebDAVSide {
    /// Keeps the locks this opener holds while it works: before any request but a lock's own, a
    /// lock with less than half of its lease left is renewed (its document written again with a
    /// new end, conditional on the ETag of the last write, or read first where the server ignores
    /// conditions), so a sync longer than the lease keeps the container to itself. A lock another
    /// machine took over meanwhile (its lease had run out: a request that took longer than half
    /// a lease, a machine that slept) is lost: then every later request of this opener fails, and
    /// the sync stops changing the container.
    /// - Throws: `TreeError.remote` saying the lock was lost, or why its renewal failed (a
    ///   renewal that got no answer is tried again by the next request).
    func keepLocks(for requests: [HTTPRequest]) throws {
        if requests.allSatisfy({ $0.url.lastPathComponent.hasPrefix(ReservedNames.lockPrefix) }) { return }
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
        for (url, lock) in due { try renew(url, lock, now: now) }
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
            case .failure: break  // no answer: the next request tries again
            }
        }
        switch outcome {
        case .success: return
        case .failure(let lost as LockLost): throw lockLost(url, because: lost.reason)
        case .failure(let error): throw error
        }
    }

    /// Why a lock is no longer this opener's.
    private struct LockLost: Error {
        var reason: String
    }

    /// The renewed lock document and the ETag its write got.
    /// - Throws: ``LockLost`` when another machine holds the lock now; `TreeError.remote` when
    ///   the server did not answer or refused the write.
    private func renewal(_ url: URL, _ lock: SideRegistry.HeldLock, now: TimeInterval) throws -> (
        document: LockDocument, etag: String?
    ) {
        var document = lock.document
        document.expires = now + Self.seconds(settings.leaseDuration)
        var put = HTTPRequest(.put, url, body: .bytes(try JSONEncoder().encode(document)))
        let enforced = registry.enforcesConditions(Self.serverKey(url)) == true
        do {
            if enforced, let etag = lock.etag {
                put.headers["If-Match"] = etag
            } else if try currentToken(at: url) != lock.document.token {
                throw LockLost(reason: "another machine holds it now")
            }
            let response = try blocking.run { [transport, put] in try await transport.send(put) }
            if response.status == 412 || response.status == 404 {
                throw LockLost(reason: "another machine took it over after its lease ran out")
            }
            guard (200..<300).contains(response.status) else {
                throw TreeError.remote(
                    path: .root, message: "the container's lock could not be renewed: \(Self.describe(response))")
            }
            if !enforced, try currentToken(at: url) != lock.document.token {
                throw LockLost(reason: "another machine wrote it at the same time")
            }
            return (document, response.etag)
        } catch let error as HTTPTransportError {
            throw TreeError.remote(
                path: .root,
                message: "the container's lock could not be renewed: \(error.kind.rawValue) (\(error.detail))")
        }
    }

    /// The token of the lock document at `url` now; nil when there is none or it is not one.
    private func currentToken(at url: URL) throws -> String? {
        let request = HTTPRequest(.get, url, destination: .memory(limit: 64 << 10))
        let response = try blocking.run { [transport] in try await transport.send(request) }
        guard response.status == 200 else { return nil }
        return (try? JSONDecoder().decode(LockDocument.self, from: response.body))?.token
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
