import Foundation
import NetworkInterface
import NetworkMock
import Testing

@testable import SyncEngine

/// A run that changes several files on a WebDAV container sends its independent requests side by
/// side: each kind below is held back until eight are in flight at once (``GateTransport``), which
/// a run sending them one after another, or fewer at a time, never reaches.
@Suite("Requests side by side to a WebDAV container")
struct WebDAVParallelRequestTests {
    static func path(_ request: HTTPRequest) -> String { request.url.path() }

    static func isDataTemporary(_ path: String) -> Bool {
        path.range(of: #"^/sync/docs/d[0-9]/\.synccli-tmp-"#, options: .regularExpression) != nil
    }

    static func isDataFile(_ path: String) -> Bool {
        path.range(of: #"^/sync/docs/d[0-9]/f\.txt$"#, options: .regularExpression) != nil
    }

    static func isRunTrashFolder(_ path: String) -> Bool {
        path.range(of: #"^/sync/docs/\.synccli-trash/[^/]+/$"#, options: .regularExpression) != nil
    }

    static let gates: [GateTransport.Gate] = [
        .init(name: "listings of folders", count: 8) { request, _ in
            request.method == .propfind && request.headers["Depth"] == "1"
                && path(request).range(of: #"^/sync/docs/d[0-9]/$"#, options: .regularExpression) != nil
        },
        .init(name: "moves into the trash", count: 8) { request, _ in
            request.method == .move && isDataFile(path(request))
                && (request.headers["Destination"] ?? "").contains("/.synccli-trash/")
        },
        .init(name: "uploads", count: 8) { request, _ in
            request.method == .put && isDataTemporary(path(request))
        },
        .init(name: "commits", count: 8) { request, _ in
            request.method == .move && isDataTemporary(path(request))
        },
    ]

    /// The looks at the changed files after the apply, before the archive records them: only on a
    /// server that ignores conditions (where one enforces them, the commit's look is recorded).
    /// A look at a data file after its commit's own look (the one for its new ETag, which follows
    /// the move onto its name): the apply's looks for the archive.
    static let looksAfterApply = GateTransport.Gate(name: "looks after the apply", count: 8) { request, seen in
        let target = path(request)
        guard request.method == .propfind, request.headers["Depth"] == "0", isDataFile(target),
            let placed = seen.lastIndex(where: {
                $0.method == .move && ($0.headers["Destination"] ?? "").hasSuffix(target)
            })
        else { return false }
        return seen[(placed + 1)...].contains { $0.method == .propfind && path($0) == target }
    }

    @Test(
        "eight changed files: every kind of request has eight in flight at once (the side's parallelism raises four copy workers to eight)"
    )
    func fourInFlight() async throws {
        let rig = WebDAVRig(quirks: .lighttpd)
        for folder in 0..<8 { try rig.put("old \(folder)", at: "d\(folder)/f.txt", on: "laptop") }
        _ = try await rig.sync("laptop")
        for folder in 0..<8 { try rig.put("new \(folder)", at: "d\(folder)/f.txt", on: "laptop") }
        let gate = GateTransport(rig.transport, gates: Self.gates)
        let report = try await rig.manager("laptop", copyWorkers: 4, through: gate).sync(try rig.pair("laptop"))
        #expect(gate.filled == Self.gates.map(\.name))
        // The run's trash folder was asked for once: the workers that needed it meanwhile waited
        // for that request instead of sending the same one (rclone refuses all but one as locked).
        let made = rig.transport.requests.filter { $0.method == .mkcol && Self.isRunTrashFolder(Self.path($0)) }
        #expect(made.count == 1)
        #expect(report.isComplete && report.copied == 8 && report.replaced == 8, "\(report)")
        for folder in 0..<8 { #expect(rig.remote["d\(folder)/f.txt"] == "new \(folder)") }
        #expect(rig.remoteTrash == (0..<8).map { "old \($0)" })
        #expect(!rig.server.paths.contains { $0.contains(".synccli-tmp") }, "no temporary name left")
        // The archive took the new versions: the next run has nothing to do.
        let next = try await rig.sync("laptop")
        #expect(next.copied == 0 && next.done.isEmpty && next.isComplete)
    }

    @Test("on a server that ignores conditions, the looks after the apply go eight at once")
    func looksAfterApplyInFlight() async throws {
        let rig = WebDAVRig(quirks: .rclone)
        for folder in 0..<8 { try rig.put("old \(folder)", at: "d\(folder)/f.txt", on: "laptop") }
        _ = try await rig.sync("laptop")
        for folder in 0..<8 { try rig.put("new \(folder)", at: "d\(folder)/f.txt", on: "laptop") }
        let gate = GateTransport(rig.transport, gates: [Self.looksAfterApply])
        let report = try await rig.manager("laptop", copyWorkers: 4, through: gate).sync(try rig.pair("laptop"))
        #expect(gate.filled == [Self.looksAfterApply.name])
        #expect(report.isComplete && report.copied == 8, "\(report)")
        let next = try await rig.sync("laptop")
        #expect(next.copied == 0 && next.done.isEmpty && next.isComplete)
    }

    /// The gate of a plan's first wave: the look at the container (the lock's look, or the lock
    /// being taken), the pair's first listing and the container's document, all in flight at once.
    static let firstWave = GateTransport.Gate(
        name: "the container's listing, the pair's first listing and the container's document", count: 3
    ) { request, _ in
        (request.method == .propfind && request.headers["Depth"] == "1"
            && ["/sync/", "/sync/docs/"].contains(Self.path(request)))
            || (request.method == .get && Self.path(request) == "/sync/data.json")
    }

    @Test("a first sync takes the container's lock while the plan reads: the lock's look travels beside the scan's")
    func firstSyncLocksBesideScan() async throws {
        let rig = WebDAVRig(quirks: .lighttpd)
        try rig.put("a", at: "sub/a.txt", on: "laptop")
        // Held until all are in flight at once: a lock taken before the plan began (or a plan
        // waiting for the lock before its reads) would not fill the gate.
        let gate = GateTransport(rig.transport, gates: [Self.firstWave])
        let report = try await rig.manager("laptop", through: gate).sync(try rig.pair("laptop"))
        #expect(gate.filled == [Self.firstWave.name])
        #expect(report.isComplete && report.copied == 1)
        let sent = rig.transport.requests.map { "\($0.method) \(Self.path($0))" }
        let locked = try #require(sent.firstIndex(of: "PUT /sync/.synccli-lock-docs"))
        let made = try #require(sent.firstIndex(of: "MKCOL /sync/docs/"))
        #expect(locked < made, "the lock before the first change: \(sent)")
        #expect(!rig.server.paths.contains("/sync/.synccli-lock-docs"), "the lock given back")
    }

    @Test(
        "a later sync with a local change reads beside a look at the lock, takes the lock beside the listings of the pair's folders, looks at the marker again, then writes"
    )
    func localChangeLocksBesideListings() async throws {
        let rig = WebDAVRig(quirks: .lighttpd)
        try rig.put("a", at: "sub/a.txt", on: "laptop")
        _ = try await rig.sync("laptop")
        try rig.put("a 2", at: "sub/a.txt", on: "laptop")
        rig.transport.reset()
        // Held until both are in flight at once: a lock taken only after the plan would not fill it.
        let second = GateTransport.Gate(name: "the lock's create and the listing of the pair's folder", count: 2) {
            request, _ in
            (request.method == .put && Self.path(request) == "/sync/.synccli-lock-docs")
                || (request.method == .propfind && Self.path(request) == "/sync/docs/sub/")
        }
        let gate = GateTransport(rig.transport, gates: [Self.firstWave, second])
        let report = try await rig.manager("laptop", through: gate).sync(try rig.pair("laptop"))
        #expect(gate.filled == [Self.firstWave.name, second.name])
        #expect(report.isComplete && report.copied == 1 && report.replaced == 1)
        let sent = rig.transport.requests.map { "\($0.method) \(Self.path($0))" }
        let locked = try #require(sent.firstIndex(of: "PUT /sync/.synccli-lock-docs"))
        let looked = try #require(sent.firstIndex(of: "PROPFIND /sync/docs/.synccli-root"))
        let written = try #require(sent.firstIndex { Self.writesInPair($0) })
        #expect(locked < looked && looked < written, "\(sent)")
        #expect(!rig.server.paths.contains("/sync/.synccli-lock-docs"), "the lock given back")
    }

    @Test(
        "a later sync whose only change is on the server takes the lock after its plan, looks at the marker again, then writes"
    )
    func serverChangeLocksAfterPlan() async throws {
        let rig = WebDAVRig(quirks: .lighttpd)
        try rig.put("a", at: "sub/a.txt", on: "laptop")
        _ = try await rig.sync("laptop")
        _ = try await rig.sync("desk")
        try rig.put("a 2", at: "sub/a.txt", on: "desk")
        _ = try await rig.sync("desk")
        rig.transport.reset()
        let gate = GateTransport(rig.transport, gates: [Self.firstWave])
        let report = try await rig.manager("laptop", through: gate).sync(try rig.pair("laptop"))
        #expect(gate.filled == [Self.firstWave.name])
        #expect(report.isComplete && report.copied == 1 && rig.local("laptop")["sub/a.txt"] == "a 2")
        let sent = rig.transport.requests.map { "\($0.method) \(Self.path($0))" }
        let listed = try #require(sent.firstIndex(of: "PROPFIND /sync/docs/sub/"))
        let locked = try #require(sent.firstIndex(of: "PUT /sync/.synccli-lock-docs"))
        let looked = try #require(sent.firstIndex(of: "PROPFIND /sync/docs/.synccli-root"))
        let written = try #require(sent.firstIndex { Self.writesInPair($0) })
        #expect(listed < locked && locked < looked && looked < written, "\(sent)")
        #expect(!rig.server.paths.contains("/sync/.synccli-lock-docs"), "the lock given back")
    }

    /// Whether `call` ("METHOD path") changes something in the pair's folder on the server.
    static func writesInPair(_ call: String) -> Bool {
        ["MKCOL", "PUT", "MOVE", "DELETE"].contains { call.hasPrefix($0 + " /sync/docs/") }
    }

    /// A pair of `count` folders `e00`, `e01`, … with a file each, synced once.
    func foldersRig(_ count: Int) async throws -> WebDAVRig {
        let rig = WebDAVRig(quirks: .lighttpd)
        for index in 0..<count { try rig.put("\(index)", at: "e\(index < 10 ? "0" : "")\(index)/f.txt", on: "laptop") }
        _ = try await rig.sync("laptop")
        return rig
    }

    static func isListing(_ request: HTTPRequest, of folders: [String]) -> Bool {
        request.method == .propfind && request.headers["Depth"] == "1"
            && folders.contains { path(request) == "/sync/docs/\($0)/" }
    }

    @Test("sixteen folders are listed at once")
    func sixteenListings() async throws {
        let rig = try await foldersRig(16)
        let folders = (0..<16).map { "e\($0 < 10 ? "0" : "")\($0)" }
        let name = "listings of sixteen folders"
        let gate = GateTransport(
            rig.transport, gates: [.init(name: name, count: 16) { request, _ in Self.isListing(request, of: folders) }])
        let report = try await rig.manager("laptop", through: gate).sync(try rig.pair("laptop"))
        #expect(gate.filled == [name])
        #expect(report.isComplete && report.done.isEmpty)
    }

    @Test("a folder whose listing is slow holds up no other: the seventeenth goes as soon as one answers")
    func slowListing() async throws {
        let rig = try await foldersRig(17)
        let name = "the first folder's listing, held, and the seventeenth's"
        let gate = GateTransport(
            rig.transport,
            gates: [.init(name: name, count: 2) { request, _ in Self.isListing(request, of: ["e00", "e16"]) }])
        let report = try await rig.manager("laptop", through: gate).sync(try rig.pair("laptop"))
        #expect(gate.filled == [name])
        #expect(report.isComplete && report.done.isEmpty)
    }

    @Test("sixteen changed files: their commits go sixteen at once, their uploads eight")
    func sixteenCommits() async throws {
        let rig = try await foldersRig(16)
        for index in 0..<16 {
            try rig.put("changed \(index)", at: "e\(index < 10 ? "0" : "")\(index)/f.txt", on: "laptop")
        }
        @Sendable func isTemporary(_ request: HTTPRequest) -> Bool {
            Self.path(request).range(of: #"^/sync/docs/e[0-9]+/\.synccli-tmp-"#, options: .regularExpression) != nil
        }
        let (commits, uploads) = ("commits", "uploads")
        let gate = GateTransport(
            rig.transport,
            gates: [
                .init(name: commits, count: 16) { request, _ in request.method == .move && isTemporary(request) },
                .init(name: uploads, count: 8) { request, _ in request.method == .put && isTemporary(request) },
            ])
        let report = try await rig.manager("laptop", copyWorkers: 4, through: gate).sync(try rig.pair("laptop"))
        #expect(gate.filled == [commits, uploads])
        #expect(report.isComplete && report.copied == 16)
    }

    @Test("after a change, the pair's marker and the container's document are written side by side")
    func markerBesideDocument() async throws {
        let rig = WebDAVRig(quirks: .lighttpd)
        try rig.put("a", at: "a.txt", on: "laptop")
        _ = try await rig.sync("laptop")
        try rig.put("b", at: "b.txt", on: "laptop")
        let name = "the looks that start the marker's and the document's writes"
        let gate = GateTransport(
            rig.transport,
            gates: [
                .init(name: name, count: 2) { request, seen in
                    // After the copy's commit (the plan looks at the document too, earlier).
                    seen.contains { $0.method == .move } && request.method == .propfind
                        && request.headers["Depth"] == "0"
                        && [
                            "/sync/data.json", "/sync/docs/.synccli-root",
                        ]
                        .contains(Self.path(request))
                }
            ])
        let report = try await rig.manager("laptop", through: gate).sync(try rig.pair("laptop"))
        #expect(gate.filled == [name])
        #expect(report.isComplete && report.copied == 1)
        #expect(
            rig.server.file(at: "/sync/data.json").map { String(decoding: $0, as: UTF8.self) }?.contains("laptop")
                == true)
    }
}
