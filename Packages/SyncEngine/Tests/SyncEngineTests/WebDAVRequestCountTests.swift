import Foundation
import NetworkInterface
import NetworkMock
import Testing

@testable import SyncEngine

/// What one run of synccli sends to a WebDAV container, request by request: added round-trip
/// latency multiplies every one of them, so the number may only go down on purpose.
@Suite("Requests per run to a WebDAV container (the in-memory server's log)")
struct WebDAVRequestCountTests {
    /// A pair synced once by `laptop` (a file at the top, one in a folder), so the next run has
    /// nothing to do.
    func syncedRig(_ quirks: WebDAVQuirks) async throws -> WebDAVRig {
        let rig = WebDAVRig(quirks: quirks)
        try rig.put("alpha", at: "a.txt", on: "laptop")
        try rig.put("beta", at: "sub/b.txt", on: "laptop")
        _ = try await rig.sync("laptop")
        return rig
    }

    /// The requests that take the container's lock, in the order it sends them (its look at the
    /// container, its create and the check beside it, or the read-back instead of the check).
    static let locking: Set = [
        "PROPFIND /sync/", "PUT /sync/.synccli-lock-docs", "PUT /sync/.synccli-conditions-enforced",
        "GET /sync/.synccli-lock-docs", "PUT /sync/.synccli-tmp-lock", "MOVE /sync/.synccli-tmp-lock",
    ]

    /// Every request as `METHOD path`, the name the lock is written under before it is moved onto
    /// its own (where the server ignores conditions) shown as `/sync/.synccli-tmp-lock`.
    func named(_ rig: WebDAVRig) -> [String] {
        let staged = Set(
            rig.transport.requests.filter {
                $0.method == .move && ($0.headers["Destination"] ?? "").hasSuffix("/.synccli-lock-docs")
            }
            .map { $0.url.path() })
        return rig.transport.requests.map {
            "\($0.method) \(staged.contains($0.url.path()) ? "/sync/.synccli-tmp-lock" : $0.url.path())"
        }
    }

    /// The requests in the order sent, except the lock's and the plan's reads, which go at once
    /// (the container's document beside the pair's scan, the root marker beside its first
    /// listing, all of them while the lock is taken) and so arrive in any order: their run is
    /// sorted (``lockCalls(_:)`` gives the lock's own order). The document's own look
    /// (`PROPFIND /sync/data.json`, sent with its `GET`) is left out of that run: it goes only when
    /// the lock's listing, which shows the document too and runs at the same time, has not
    /// answered yet, so whether it goes depends on which thread is first.
    func calls(_ rig: WebDAVRig) -> [String] {
        var calls = named(rig)
        let look = "PROPFIND /sync/data.json"
        let planReads = Set([
            "GET /sync/data.json", look, "GET /sync/docs/.synccli-metadata.json",
            "PROPFIND /sync/docs/", "GET /sync/docs/.synccli-root", "PROPFIND /sync/docs/sub/",
        ]).union(Self.locking)
        if let start = calls.firstIndex(where: planReads.contains) {
            let end = calls[start...].firstIndex { !planReads.contains($0) } ?? calls.endIndex
            let reads = calls[start..<end]
            #expect(reads.filter { $0 == look }.count <= 1, "the document looked at once at most")
            calls.replaceSubrange(start..<end, with: reads.filter { $0 != look }.sorted())
        }
        return calls
    }

    /// The lock's requests, in the order sent.
    func lockCalls(_ rig: WebDAVRig) -> [String] {
        named(rig).filter { Self.locking.contains($0) || $0 == "DELETE /sync/.synccli-lock-docs" }
    }

    @Test(
        "a no-op run on a server that enforces conditions: exactly these 6 requests (7 when the document is looked at first), no lock taken, and it writes nothing"
    )
    func noOpEnforcing() async throws {
        for quirks in [WebDAVQuirks(), .lighttpd] {
            let rig = try await syncedRig(quirks)
            let before = rig.server.paths.map { ($0, rig.server.file(at: $0)) }
            rig.transport.reset()
            let report = try await rig.sync("laptop")
            #expect(report.copied == 0 && report.isComplete)
            #expect(
                calls(rig) == [
                    // The plan's reads and the look at the lock, which go at once (sorted):
                    "GET /sync/data.json",
                    "GET /sync/docs/.synccli-metadata.json",
                    "GET /sync/docs/.synccli-root",  // fetched beside the pair's first listing
                    "PROPFIND /sync/",  // the look at the lock; it shows the record and data.json too
                    "PROPFIND /sync/docs/",
                    "PROPFIND /sync/docs/sub/",
                ], "\(quirks)")
            #expect(lockCalls(rig) == ["PROPFIND /sync/"], "\(quirks)")
            let after = rig.server.paths.map { ($0, rig.server.file(at: $0)) }
            #expect(after.map(\.0) == before.map(\.0) && after.map(\.1) == before.map(\.1), "nothing written")
        }
    }

    @Test(
        "a no-op run on a server that ignores conditions: the same 6 requests, no lock taken, and it still says the server ignores them"
    )
    func noOpIgnoring() async throws {
        let rig = try await syncedRig(.rclone)
        rig.transport.reset()
        let report = try await rig.sync("laptop")
        #expect(calls(rig).count == 6, "\(calls(rig))")
        #expect(lockCalls(rig) == ["PROPFIND /sync/"])
        #expect(!calls(rig).contains { $0.contains("conditions") }, "no probe, no check")
        #expect(report.warnings.filter { $0.contains("ignores conditional writes") }.count == 1, "\(report.warnings)")
    }

    @Test(
        "a first sync asks about the missing pair folder once, reads no metadata after its scan, looks at nothing in the folders it made, and saves the metadata once"
    )
    func firstSync() async throws {
        let rig = WebDAVRig(quirks: .lighttpd)
        try rig.put("alpha", at: "a.txt", on: "laptop")
        try rig.put("beta", at: "sub/b.txt", on: "laptop")
        let report = try await rig.sync("laptop")
        #expect(report.copied == 2 && report.isComplete)
        let sent = calls(rig)
        // Between the lock and the pair's folder, only the marker's look that checks no other sync
        // ended meanwhile: the scan's 404 of the folder answers for the marker in it before.
        let locked = try #require(sent.firstIndex(of: "PUT /sync/.synccli-lock-docs"))
        let folderMade = try #require(sent.firstIndex(of: "MKCOL /sync/docs/"))
        #expect(Array(sent[(locked + 1)..<folderMade]) == ["PROPFIND /sync/docs/.synccli-root"], "\(sent)")
        let folderLooks = sent.filter { $0 == "PROPFIND /sync/docs/sub" || $0 == "PROPFIND /sync/docs/sub/" }
        #expect(folderLooks.isEmpty, "the folder it made is not looked at (its mode set from what the run knows)")
        let saves = rig.transport.requests.filter {
            $0.method == .move && ($0.headers["Destination"] ?? "").hasSuffix("/.synccli-metadata.json")
        }
        #expect(saves.count == 1, "a folder keeping the default mode does not save the metadata again")
        #expect(sent.filter { $0 == "PROPFIND /sync/docs/" || $0 == "PROPFIND /sync/docs" } == ["PROPFIND /sync/docs/"])
        #expect(sent.filter { $0 == "GET /sync/docs/.synccli-metadata.json" }.count == 1)
        let made = try #require(sent.firstIndex(of: "MKCOL /sync/docs/"))
        // The marker's first write and the trash's expiry need no look; the engine reading the
        // marker back after writing it does (its second write reads it again).
        #expect(!sent[made...].contains("PROPFIND /sync/docs/.synccli-metadata.json"), "\(sent)")
        #expect(!sent[made...].contains("PROPFIND /sync/docs/.synccli-trash"), "\(sent)")
        #expect(sent[made + 1].hasPrefix("PUT /sync/docs/.synccli-tmp-"), "the marker written at once: \(sent)")
        #expect(rig.remote["a.txt"] == "alpha")
    }

    @Test("the probe runs once per container: the first run's lock, never a later run's")
    func probeOnce() async throws {
        let rig = WebDAVRig(quirks: .lighttpd)
        try rig.put("alpha", at: "a.txt", on: "laptop")
        _ = try await rig.sync("laptop")
        #expect(calls(rig).filter { $0 == "PUT /sync/.synccli-conditions-enforced" }.count == 3)
        rig.transport.reset()
        try rig.put("alpha 2", at: "a.txt", on: "desk")
        _ = try await rig.sync("desk")
        _ = try await rig.sync("laptop")
        #expect(calls(rig).filter { $0 == "PUT /sync/.synccli-conditions-enforced" }.count == 2, "one check a run")
        #expect(!calls(rig).contains { $0.contains("probe") })
    }

    @Test(
        "a run that replaces one file: exactly these 25 requests, each trash folder made once, no look at the file the run saw"
    )
    func oneChanged() async throws {
        let rig = try await syncedRig(.lighttpd)
        try rig.put("beta 2", at: "sub/b.txt", on: "laptop")
        rig.transport.reset()
        let report = try await rig.sync("laptop")
        #expect(report.copied == 1 && report.replaced == 1 && report.isComplete)
        let trash = "/sync/docs/.synccli-trash/2023-11-14T221320Z-g1"
        // A temporary name is shown as the name its move gives it: tmp(b.txt).
        var named: [String: String] = [:]
        for request in rig.transport.requests where request.method == .move {
            let path = request.url.path()
            guard path.contains("/.synccli-tmp-"), let destination = request.headers["Destination"],
                let name = destination.split(separator: "/").last, let slash = path.lastIndex(of: "/")
            else { continue }
            named[path] = path[...slash] + "tmp(\(name))"
        }
        var sent = calls(rig).map { call in
            let parts = call.split(separator: " ", maxSplits: 1).map(String.init)
            return parts.count == 2 ? parts[0] + " " + (named[parts[1]] ?? parts[1]) : call
        }
        // The side's metadata, the pair's marker and the container's document are written at
        // once: each in its own order, the three interleaved any way (sorted here; each one's
        // order is checked below).
        let metadata = ["PUT /sync/docs/tmp(.synccli-metadata.json)", "MOVE /sync/docs/tmp(.synccli-metadata.json)"]
        let marker = [
            "PROPFIND /sync/docs/.synccli-root", "PUT /sync/docs/tmp(.synccli-root)",
            "MOVE /sync/docs/tmp(.synccli-root)",
        ]
        let document = ["PROPFIND /sync/data.json", "PUT /sync/tmp(data.json)", "MOVE /sync/tmp(data.json)"]
        let looked = try #require(sent.firstIndex(of: "PROPFIND /sync/docs/sub/b.txt"))
        let start = looked + 1
        try #require(start + 8 <= sent.count)
        let writes = Array(sent[start..<(start + 8)])
        for own in [metadata, marker, document] {
            #expect(writes.filter(own.contains) == own, "\(writes)")
        }
        sent[start..<(start + 8)].sort()
        #expect(
            sent == [
                // The lock's and the plan's reads, which go while the lock is taken (sorted):
                "GET /sync/data.json",
                "GET /sync/docs/.synccli-metadata.json",
                "GET /sync/docs/.synccli-root",
                "PROPFIND /sync/",
                "PROPFIND /sync/docs/",
                "PROPFIND /sync/docs/sub/",
                "PUT /sync/.synccli-conditions-enforced",
                "PUT /sync/.synccli-lock-docs",
                // The marker looked at again once the lock is held: no other machine's sync ended
                // while this one read (a plan with changes only).
                "PROPFIND /sync/docs/.synccli-root",
                // No look before the old version goes to the trash (the server enforces conditions:
                // the move's If-Match is the check) and no GET of the container root's metadata
                // (the lock's listing showed there is none).
                "MKCOL /sync/docs/.synccli-trash/",
                "MKCOL \(trash)/",
                "MKCOL \(trash)/sub/",
                "MOVE /sync/docs/sub/b.txt",  // If-Match on the ETag just seen
                "PUT /sync/docs/sub/tmp(b.txt)",
                "MOVE /sync/docs/sub/tmp(b.txt)",
                "PROPFIND /sync/docs/sub/b.txt",  // the new ETag
                // The archive records the version the commit's look saw (a later write has another
                // ETag). Then the side's metadata, the marker and the container's document, written
                // at once (sorted):
                "MOVE /sync/docs/tmp(.synccli-metadata.json)",
                "MOVE /sync/docs/tmp(.synccli-root)",
                "MOVE /sync/tmp(data.json)",
                "PROPFIND /sync/data.json",
                "PROPFIND /sync/docs/.synccli-root",
                "PUT /sync/docs/tmp(.synccli-metadata.json)",
                "PUT /sync/docs/tmp(.synccli-root)",
                "PUT /sync/tmp(data.json)",
                // No listing for the trash's expiry: the first sync's listing (it found no trash)
                // stands for ten minutes, and the run folder this sync made is sized from what it
                // trashed.
                "DELETE /sync/.synccli-lock-docs",
            ])
        let move = rig.transport.requests.first { $0.method == .move && $0.url.path() == "/sync/docs/sub/b.txt" }
        #expect(move?.headers["If-Match"] != nil && move?.headers["Overwrite"] == "F")
    }

    @Test("a second file put into the same trash folder sends no MKCOL: the run made it already")
    func trashFolderOnce() async throws {
        let rig = try await syncedRig(.lighttpd)
        try rig.put("alpha 2", at: "a.txt", on: "laptop")
        try rig.put("beta 2", at: "sub/b.txt", on: "laptop")
        try rig.put("gamma", at: "sub/c.txt", on: "laptop")
        _ = try await rig.sync("laptop")
        try rig.put("beta 3", at: "sub/b.txt", on: "laptop")
        try rig.put("gamma 2", at: "sub/c.txt", on: "laptop")
        rig.transport.reset()
        let report = try await rig.sync("laptop")
        #expect(report.replaced == 2 && report.isComplete)
        // The trash is there from the run before (seen by the listing); this run's folder and its
        // `sub` are made once for both files.
        #expect(calls(rig).filter { $0.hasPrefix("MKCOL") }.count == 2, "\(calls(rig))")
        #expect(rig.remoteTrash == ["alpha", "beta", "beta 2", "gamma"])
    }

    @Test("the container's data.json is fetched once in a run that changes files")
    func documentOnce() async throws {
        let rig = try await syncedRig(.lighttpd)
        try rig.put("alpha 2", at: "a.txt", on: "laptop")
        rig.transport.reset()
        let report = try await rig.sync("laptop")
        #expect(report.copied == 1)
        #expect(calls(rig).filter { $0 == "GET /sync/data.json" }.count == 1)
        #expect(calls(rig).filter { $0.hasPrefix("MOVE /sync/.synccli-tmp") }.count == 1, "and written once")
    }

    @Test(
        "a run with a change from the server only, on a container that lost its conditions record, probes under the lock and says once that the server ignores them"
    )
    func recordLostIgnoring() async throws {
        let rig = try await syncedRig(.rclone)
        _ = try await rig.sync("desk")
        try rig.put("alpha from desk", at: "a.txt", on: "desk")
        _ = try await rig.sync("desk")
        let record = rig.container.appending(path: ".synccli-conditions-ignored")
        _ = try await rig.transport.send(HTTPRequest(.delete, record))  // the look finds no record
        rig.transport.reset()
        // Nothing changed on the laptop: its plan is made before the lock, which probes.
        let report = try await rig.sync("laptop")
        #expect(report.copied == 1 && report.isComplete && rig.local("laptop")["a.txt"] == "alpha from desk")
        #expect(report.warnings.filter { $0.contains("ignores conditional writes") }.count == 1, "\(report.warnings)")
        #expect(calls(rig).contains("PUT /sync/.synccli-conditions-enforced"), "probed again")
        #expect(rig.server.paths.contains("/sync/.synccli-conditions-ignored"), "recorded again")
    }
}
