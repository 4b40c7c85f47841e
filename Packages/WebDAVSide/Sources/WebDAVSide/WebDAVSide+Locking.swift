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
    /// `If-Match` on the ETag read (one machine takes it over). A lock `machine` itself left (a
    /// crashed sync of it) is taken over at once.
    ///
    /// One listing of the root comes first: it shows whether a lock is there (a server that ignores
    /// conditions would let a create replace a live lock, so a lock seen there is read, never
    /// created over), the container's conditions record, and `data.json` (the engine reads the pair
    /// meanwhile, and waits for the lock before it decides anything).
    /// Where the record says the server enforces conditions, the create carries its own proof: it
    /// goes out with a check that the server still refuses a create over the record, and the
    /// lock's `201` is then enough. Where the server ignores conditions, the lock is created by a
    /// move that refuses a taken name (``createByMove(_:_:machine:)``); anywhere but the first
    /// case the lock is read back (a server that ignored the condition and let another machine
    /// win is caught there). A container without a record is probed once and the result recorded
    /// (``probeAndRecordConditions()``). The lock is renewed while the opener works
    /// (``keepLocks(for:)``).
    /// - Throws: ``FileTreeInterface/SideLockHeld`` while another machine holds it;
    ///   `TreeError.rootUnavailable` for a missing container or a server that cannot be used.
    public func lock(_ name: String, holder: String, machine: String) throws -> any SideLockHolding {
        try lock(name, holder: holder, machine: machine, listed: false)
    }

    /// Looks at the root (one listing, as ``lock(_:holder:machine:)`` begins with): whether the
    /// lock document `.synccli-lock-<name>` is there. The listing also shows `data.json` and
    /// the container's conditions record: a record of ignored conditions is taken at once (a
    /// plan made now says the server ignores them); the probe and the check of a record of
    /// enforced conditions wait for the lock, as they write.
    /// - Throws: `TreeError.rootUnavailable` for a missing container or a server that cannot be
    ///   used.
    public func hasLock(_ name: String) throws -> Bool {
        let path = try RelativePath(components: [ReservedNames.lockPrefix + name])
        _ = try listRoot(depth: "1")
        let server = Self.serverKey(root.url)
        if registry.enforcesConditions(server) == nil, recordedConditions == false {
            registry.setEnforcesConditions(server, false)
        }
        return try knownProperties(of: path) != nil
    }

    /// Takes the lock as ``lock(_:holder:machine:)`` does without its first listing: the one
    /// ``hasLock(_:)`` made stands for it (a lock created since is refused by the create itself:
    /// `If-None-Match: *`, or the move with `Overwrite: F` on a server that ignores conditions).
    public func lockFoundFree(_ name: String, holder: String, machine: String) throws -> any SideLockHolding {
        try lock(name, holder: holder, machine: machine, listed: true)
    }

    private func lock(_ name: String, holder: String, machine: String, listed: Bool) throws -> any SideLockHolding {
        let held = try takeLock(name, holder: holder, machine: machine, listed: listed)
        registry.heldLocks.withLock {
            $0[held.url] = SideRegistry.HeldLock(document: held.document, etag: held.etag)
        }
        return held
    }

    private func takeLock(_ name: String, holder: String, machine: String, listed: Bool) throws -> WebDAVLock {
        let path = try RelativePath(components: [ReservedNames.lockPrefix + name])
        if !listed { _ = try listRoot(depth: "1") }
        // What the listing shows at the lock's name, read before the probe's writes make the
        // root's listing unknown (a lock taken since is refused by the create itself).
        let listedLock = try knownProperties(of: path)
        let server = Self.serverKey(root.url)
        var checkRecord = false
        if registry.enforcesConditions(server) == nil {
            switch recordedConditions {
            case true?: checkRecord = true
            case false?: registry.setEnforcesConditions(server, false)
            case nil:
                if let found = probeAndRecordConditions() { registry.setEnforcesConditions(server, found) }
            }
        }
        let now = settings.now()
        let mine = LockDocument(
            holder: holder, machine: machine,
            expires: now.addingTimeInterval(Self.seconds(settings.leaseDuration)).timeIntervalSince1970,
            token: String(UInt64.random(in: 0...UInt64.max), radix: 16))
        let body = try JSONEncoder().encode(mine)
        var put = HTTPRequest(.put, root.url(for: path), headers: ["If-None-Match": "*"], body: .bytes(body))
        // Whether the server enforces conditions unknown (no probe could run, no record), nothing
        // refuses a create over a lock taken since the listing: look again first.
        let unknown = registry.enforcesConditions(server) == nil && !checkRecord
        let seen = try unknown ? properties(of: path) : listedLock
        if seen == nil {
            if registry.enforcesConditions(server) == false { return try createByMove(path, mine, machine: machine) }
            let answers = sendAll(checkRecord ? [put, conditionsCheck] : [put])
            if checkRecord, let checked = try? answers[1].get() {
                if checked.status == 412 {
                    registry.setEnforcesConditions(server, true)
                } else if (200..<300).contains(checked.status) {
                    registry.setEnforcesConditions(server, false)
                    forgetConditionsRecord()
                }
            }
            let response = try lockAnswer(answers[0].mapError { $0 })
            if (200..<300).contains(response.status) {
                if registry.enforcesConditions(server) == true {
                    return WebDAVLock(side: self, path: path, etag: response.etag, document: mine)
                }
                return try readBack(path, mine)
            }
            guard response.status == 412 else { throw lockFailure(response, path) }
        }
        let (current, etag) = try readLock(path)
        if let current, current.expires > now.timeIntervalSince1970, current.machine != machine {
            throw SideLockHeld(holder: current.holder, expires: Date(timeIntervalSince1970: current.expires))
        }
        if current != nil || etag != nil {
            put.headers["If-None-Match"] = nil
            if let etag { put.headers["If-Match"] = etag }
        }
        let response = try sendLocking(put)
        if response.status == 412 {
            throw heldJustNow(path)
        }
        guard (200..<300).contains(response.status) else { throw lockFailure(response, path) }
        return try readBack(path, mine)
    }

    /// Creates the lock document where the server ignores `If-None-Match`: written under a name
    /// of this machine's own, then moved onto the lock's name with `Overwrite: F`, which such
    /// servers still refuse (412) when the name is taken, and rclone refuses (423) while another
    /// move to it is under way; then read back. Two machines creating the lock at the same moment
    /// therefore cannot both have it (a `PUT` of each would both succeed and both read back their
    /// own when they cross).
    /// - Throws: ``FileTreeInterface/SideLockHeld`` when another machine's move came first.
    private func createByMove(_ path: RelativePath, _ mine: LockDocument, machine: String) throws -> WebDAVLock {
        let staged = try RelativePath(components: [ownTemporaryName(for: path.name + "\u{0}" + machine)])
        let put = HTTPRequest(.put, root.url(for: staged), body: .bytes(try JSONEncoder().encode(mine)))
        let written = try sendLocking(put)
        guard (200..<300).contains(written.status) else { throw lockFailure(written, path) }
        var move = HTTPRequest(.move, root.url(for: staged))
        move.headers["Destination"] = root.url(for: path).absoluteString
        move.headers["Overwrite"] = "F"
        let moved = try sendLocking(move)
        if (200..<300).contains(moved.status) { return try readBack(path, mine) }
        _ = try? send(HTTPRequest(.delete, root.url(for: staged)))
        if moved.status == 412 || moved.status == 423 {
            throw heldJustNow(path)
        }
        throw lockFailure(moved, path)
    }

    /// The lock another machine took while this one was taking it: read (one look) to name its
    /// holder and the end of its lease; without a readable lock there, the lease a lock taken now
    /// would have.
    private func heldJustNow(_ path: RelativePath) -> SideLockHeld {
        if let (current, _) = try? readLock(path), let current {
            return SideLockHeld(holder: current.holder, expires: Date(timeIntervalSince1970: current.expires))
        }
        return SideLockHeld(
            holder: "another machine (it took the lock just now)",
            expires: settings.now().addingTimeInterval(Self.seconds(settings.leaseDuration)))
    }

    /// The lock just written, read back (one `GET`): held when the document there carries
    /// `mine`'s token.
    /// - Throws: ``FileTreeInterface/SideLockHeld`` naming whoever's document is there instead.
    private func readBack(_ path: RelativePath, _ mine: LockDocument) throws -> WebDAVLock {
        let response = try sendLocking(HTTPRequest(.get, root.url(for: path), destination: .memory(limit: 64 << 10)))
        let written = response.status == 200 ? try? JSONDecoder().decode(LockDocument.self, from: response.body) : nil
        guard let written, written.token == mine.token else {
            throw SideLockHeld(
                holder: written?.holder ?? "another machine",
                expires: Date(timeIntervalSince1970: written?.expires ?? 0))
        }
        return WebDAVLock(side: self, path: path, etag: response.etag, document: mine)
    }

    /// The server's answer to a lock request; no answer is an unreachable container.
    private func lockAnswer(_ answer: Result<HTTPResponse, any Error>) throws -> HTTPResponse {
        do {
            return try answer.get()
        } catch let error as HTTPTransportError {
            throw TreeError.rootUnavailable(
                location, reason: .unreachable("cannot reach the server: \(error.kind.rawValue) (\(error.detail))"))
        }
    }

    /// The lock document at `path` and its ETag; a document that cannot be read as one counts as
    /// held until its lease from the server's time would end (a hostile lock never blocks for ever).
    /// - Throws: as ``lockFailure(_:_:)`` when its `GET` is answered with anything but the
    ///   document, 404 or 412 (a lock there is never read as free).
    func readLock(_ path: RelativePath) throws -> (LockDocument?, String?) {
        guard let current = try properties(of: path) else { return (nil, nil) }
        var request = HTTPRequest(.get, root.url(for: path), destination: .memory(limit: 64 << 10))
        if let etag = current.etag { request.headers["If-Match"] = etag }
        let response = try sendLocking(request)
        switch response.status {
        case 200: break
        // Gone or changed since the look: a write conditional on `current.etag` then fails.
        case 404, 412: return (nil, current.etag)
        // A lock is there but unread (a refusal, a server error): never taken as free.
        default: throw lockFailure(response, path)
        }
        if let document = try? JSONDecoder().decode(LockDocument.self, from: response.body) {
            return (document, current.etag)
        }
        let since = Double(current.modified ?? 0)
        let unreadable = LockDocument(
            holder: "an unreadable lock file", machine: nil, expires: since + Self.seconds(settings.leaseDuration),
            token: "")
        return (unreadable, current.etag)
    }

    /// The server's answer to a lock's own request; no answer is an unreachable container.
    private func sendLocking(_ request: HTTPRequest) throws -> HTTPResponse {
        try lockAnswer(Result { try send(request) })
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

/// A container lock held on the server; released by a `DELETE` conditional on the ETag of its last
/// write (its own, or a renewal's: ``WebDAVSide/keepLocks(for:)``), so a lock another machine took
/// over after the lease is left alone. Without an ETag (a server that gave none), the lock is read
/// first and removed only while it still carries this holder's token.
struct WebDAVLock: SideLockHolding {
    let side: WebDAVSide
    let path: RelativePath
    let etag: String?
    let document: WebDAVSide.LockDocument

    /// The lock document's URL.
    var url: URL { side.root.url(for: path) }

    func release() {
        // Every write of this run ends before another machine may take the lock.
        side.registry.pendingSaves.wait(within: "")
        // A lease that ran out since the last request is looked at first: on a server that
        // ignores If-Match, the DELETE would remove another machine's lock taken over meanwhile.
        try? side.renewDueLocks()
        let held = side.registry.heldLocks.withLock { $0.removeValue(forKey: url) }
        if held?.lost != nil { return }  // another machine's now
        var request = HTTPRequest(.delete, url)
        if let etag = held.map(\.etag) ?? etag {
            request.headers["If-Match"] = etag
        } else {
            guard let (current, etag) = try? side.readLock(path), current?.token == document.token else { return }
            if let etag { request.headers["If-Match"] = etag }
        }
        _ = try? side.send(request)
    }
}
