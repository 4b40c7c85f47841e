import FileTreeInterface
import Foundation
import NetworkInterface

/// A folder that could not be listed, and why.
struct ListingFailure: Error, Equatable {
    let reason: String
}

extension WebDAVSide {
    /// The properties a listing asks for.
    static let propfindBody = Data(
        (#"<?xml version="1.0" encoding="utf-8"?><D:propfind xmlns:D="DAV:"><D:prop>"#
            + "<D:resourcetype/><D:getcontentlength/><D:getetag/><D:getlastmodified/></D:prop></D:propfind>").utf8)

    /// What a listing of the side's root asks for: a listing's properties and the free space, so
    /// that a server which does not tell it (most do not) need not be asked again in this run.
    static let rootPropfindBody = Data(
        (#"<?xml version="1.0" encoding="utf-8"?><D:propfind xmlns:D="DAV:"><D:prop>"#
            + "<D:resourcetype/><D:getcontentlength/><D:getetag/><D:getlastmodified/><D:quota-available-bytes/>"
            + "</D:prop></D:propfind>").utf8)

    /// The most bytes a listing of one folder may take in memory (about 200,000 entries).
    static let listingLimit = 64 << 20

    /// Sends `request`, waiting for the answer. A change forgets, in the snapshot, the paths it
    /// touches (before it is sent and after its answer), except after a `MKCOL` refused because
    /// something is there (`405`): that changed nothing, and a folder another request of this run
    /// made there meanwhile stays known.
    /// - Throws: ``NetworkInterface/HTTPTransportError`` when no answer came.
    func send(_ request: HTTPRequest) throws -> HTTPResponse {
        try keepLocks(for: [request])
        let transport = transport
        let touched = Self.touchedKeys(request)
        for key in touched { registry.snapshot.forget(key) }
        let response: HTTPResponse
        do {
            response = try blocking.run { try await transport.send(request) }
        } catch {
            for key in touched { registry.snapshot.forget(key) }
            throw error
        }
        if request.method != .mkcol || response.status != 405 {
            for key in touched { registry.snapshot.forget(key) }
        }
        return response
    }

    /// Sends every request at once, waiting for all answers: each request's answer or why there
    /// was none, in order.
    func sendAll(_ requests: [HTTPRequest]) -> [Result<HTTPResponse, HTTPTransportError>] {
        do {
            try keepLocks(for: requests)
        } catch {
            return requests.map { .failure(HTTPTransportError(.other, $0, "\(error)")) }
        }
        let transport = transport
        let blocking = blocking
        let touched = requests.flatMap(Self.touchedKeys)
        for key in touched { registry.snapshot.forget(key) }
        defer { for key in touched { registry.snapshot.forget(key) } }
        let outcomes = try? blocking.run { () async -> [Result<HTTPResponse, HTTPTransportError>] in
            let tasks = requests.map { request in
                Task(executorPreference: blocking) { () async -> Result<HTTPResponse, HTTPTransportError> in
                    do {
                        return .success(try await transport.send(request))
                    } catch let error as HTTPTransportError {
                        return .failure(error)
                    } catch {
                        return .failure(HTTPTransportError(.other, request, "\(error)"))
                    }
                }
            }
            var outcomes: [Result<HTTPResponse, HTTPTransportError>] = []
            for task in tasks { outcomes.append(await task.value) }
            return outcomes
        }
        return requests.indices.map { index in
            guard let outcomes, index < outcomes.count else {
                return .failure(HTTPTransportError(.cancelled, requests[index], "the request was cancelled"))
            }
            return outcomes[index]
        }
    }

    /// The snapshot keys a change touches: its URL and its `Destination`; none for a read.
    static func touchedKeys(_ request: HTTPRequest) -> [String] {
        switch request.method {
        case .get, .head, .propfind, .options: return []
        default:
            var keys = [ServerSnapshot.key(of: request.url)]
            if let destination = request.headers["Destination"],
                let url = URL(string: destination, relativeTo: request.url)
            {
                keys.append(ServerSnapshot.key(of: url.absoluteURL))
            }
            return keys
        }
    }

    /// Sends `request`; a failure to get an answer becomes `TreeError.io` about `path`.
    func send(_ request: HTTPRequest, about path: RelativePath) throws -> HTTPResponse {
        do {
            return try send(request)
        } catch let error as HTTPTransportError {
            throw TreeError.remote(
                path: path, message: "\(error.kind.rawValue) talking to the server (\(error.detail))")
        }
    }

    func propfind(_ url: URL, depth: String, body: Data = Self.propfindBody) -> HTTPRequest {
        HTTPRequest(
            .propfind, url, headers: ["Depth": depth, "Content-Type": "application/xml; charset=utf-8"],
            body: .bytes(body), destination: .memory(limit: Self.listingLimit))
    }

    /// A listing of the root (with its free space, see ``rootPropfindBody``).
    func rootPropfind(depth: String) -> HTTPRequest {
        propfind(root.url, depth: depth, body: Self.rootPropfindBody)
    }

    /// The root and (by default) its members.
    /// - Throws: `TreeError.rootUnavailable`: `.missingOrNotAFolder` for a 404 or a file at the
    ///   root, `.unreachable` with the reason for a server that cannot be reached, refuses the
    ///   credentials or is not a WebDAV server.
    func listRoot(depth: String = "1") throws -> [DAVResource] {
        try rootListing(Result { try send(rootPropfind(depth: depth)) }, depth: depth)
    }

    /// The root and its members from the answer to a ``rootPropfind(depth:)``.
    /// - Throws: as ``listRoot(depth:)``.
    func rootListing(_ answer: Result<HTTPResponse, any Error>, depth: String) throws -> [DAVResource] {
        let response: HTTPResponse
        do {
            response = try answer.get()
        } catch let error as HTTPTransportError {
            throw TreeError.rootUnavailable(
                location, reason: .unreachable("cannot reach the server: \(error.kind.rawValue) (\(error.detail))"))
        }
        switch response.status {
        case 207: break
        case 404, 409:
            // Seen missing: the guards that ask again in this run are answered from it, until
            // this opener makes the folder.
            registry.snapshot.record(nil, at: root.path)
            throw TreeError.rootUnavailable(location)
        case 401, 403:
            throw TreeError.rootUnavailable(
                location, reason: .unreachable("the server refused access (\(response.status)); check the credentials"))
        default:
            throw TreeError.rootUnavailable(
                location, reason: .unreachable("not a WebDAV server: PROPFIND answered \(Self.describe(response))"))
        }
        let resources: [DAVResource]
        do {
            resources = try Multistatus.parse(response.body)
        } catch {
            throw TreeError.rootUnavailable(location, reason: .unreachable("not a WebDAV server: \(error)"))
        }
        guard let own = resources.first(where: { root.member(ofHref: $0.href) == .root }) else {
            throw TreeError.rootUnavailable(
                location, reason: .unreachable("the server's listing does not include the folder itself"))
        }
        guard own.isCollection else { throw TreeError.rootUnavailable(location) }
        registry.withRoot(root) { $0.tellsFreeSpace = own.quotaAvailable != nil }
        if depth == "1" {
            record(listing: resources, of: .root)
            // Pinned: the listing's completeness is forgotten at the next change at the root (the
            // lock's own `PUT`), and the metadata's absence would be asked again with a `GET`.
            let metadata = root.serverPath(of: Self.metadataPath)
            if registry.snapshot.lookup(metadata) == .absent { registry.snapshot.record(nil, at: metadata) }
        } else {
            registry.snapshot.record(own, at: root.path)
        }
        return resources
    }

    /// Whether the snapshot holds this side's root as a folder (seen in this run).
    var rootIsKnown: Bool {
        if case .found(let own) = registry.snapshot.lookup(root.path), own.isCollection { return true }
        return false
    }

    /// The properties of the entry at `path` as the server gives them now, or nil when nothing is
    /// there (a 404; also recorded in the snapshot).
    /// - Throws: `TreeError` for any answer but 207 or 404, and for a 207 that does not describe
    ///   `path` (never read as "nothing is there").
    func properties(of path: RelativePath) throws -> DAVResource? {
        try properties(of: path, from: try send(propfind(root.url(for: path), depth: "0"), about: path))
    }

    /// The properties of the entry at `path` from the answer to a `PROPFIND` (`Depth: 0`) of it,
    /// recorded as ``properties(of:)`` records them.
    /// - Throws: as ``properties(of:)``.
    func properties(of path: RelativePath, from response: HTTPResponse) throws -> DAVResource? {
        switch response.status {
        case 207: break
        case 404:
            registry.snapshot.record(nil, at: root.serverPath(of: path))
            return nil
        default: throw failure(response, path: path, doing: "look at")
        }
        let resources: [DAVResource]
        do {
            resources = try Multistatus.parse(response.body)
        } catch {
            throw TreeError.remote(path: path, message: "the server's answer is not a WebDAV listing: \(error)")
        }
        guard let found = resources.first(where: { root.member(ofHref: $0.href) == .entry(path) }) else {
            throw TreeError.remote(path: path, message: "the server answered a look at it with a listing without it")
        }
        registry.snapshot.record(found, at: root.serverPath(of: path))
        return found
    }

    /// The properties of the entry at `path` as this run last saw them (a listing, an earlier
    /// look), else as the server gives them now. Only for reads: a change looks again or is
    /// conditional.
    /// - Throws: as ``properties(of:)``.
    func knownProperties(of path: RelativePath) throws -> DAVResource? {
        switch registry.snapshot.lookup(root.serverPath(of: path)) {
        case .found(let resource): return resource
        case .absent: return nil
        case .unknown: return try properties(of: path)
        }
    }

    /// Records the listing of `folder` (its own resource among `resources`): complete, unless it
    /// names a member twice, on another server or anything outside the folder (what is there is
    /// then not known, never absent).
    func record(listing resources: [DAVResource], of folder: RelativePath) {
        var own: DAVResource?
        var members: [(key: String, resource: DAVResource)] = []
        var odd: Set<String> = []
        var keys: Set<String> = []
        var stray = false
        for resource in resources {
            switch root.member(ofHref: resource.href) {
            case .root where folder.isRoot: own = resource
            case .entry(let path) where path == folder: own = resource
            case .entry(let path) where path.parent == folder:
                let key = root.serverPath(of: path)
                if !keys.insert(key).inserted { odd.insert(key) }
                members.append((key, resource))
            case .outside:
                if let (path, _) = root.otherServerEntry(ofHref: resource.href) {
                    if path.parent == folder { odd.insert(root.serverPath(of: path)) }
                } else {
                    stray = true
                }
            default: continue
            }
        }
        guard let own else { return }
        registry.snapshot.recordListing(
            of: root.serverPath(of: folder), own: own, members: members.filter { !odd.contains($0.key) },
            complete: odd.isEmpty && !stray)
    }

    /// Lists `folders` (Depth 1), ``WebDAVSides/Settings/smallRequestWidth`` at a time: each answer
    /// lets the next folder's request go (a slow folder holds up no others).
    func listFolders(_ folders: [RelativePath]) -> [(RelativePath, Result<[DAVResource], ListingFailure>)] {
        let requests = folders.map { propfind(root.url(for: $0, collection: true), depth: "1") }
        let transport = transport
        let blocking = blocking
        let width = max(1, settings.smallRequestWidth)
        let answers =
            (try? blocking.run { () async -> [Result<HTTPResponse, ListingFailure>?] in
                var answers = [Result<HTTPResponse, ListingFailure>?](repeating: nil, count: requests.count)
                await withTaskGroup(of: (Int, Result<HTTPResponse, ListingFailure>).self) { group in
                    var next = 0
                    while next < requests.count {
                        if next >= width, let (index, answer) = await group.next() { answers[index] = answer }
                        let index = next
                        group.addTask(executorPreference: blocking) {
                            (index, await Self.answer(to: requests[index], from: transport))
                        }
                        next += 1
                    }
                    for await (index, answer) in group { answers[index] = answer }
                }
                return answers
            }) ?? []
        return folders.indices.map { index in
            let folder = folders[index]
            guard index < answers.count, let answer = answers[index] else {
                return (folder, .failure(ListingFailure(reason: "the listing was cancelled")))
            }
            return (
                folder,
                answer.flatMap { response in
                    guard response.status == 207 else {
                        return .failure(
                            ListingFailure(reason: "the server answered \(Self.describe(response)) when listing it"))
                    }
                    do {
                        let members = try Multistatus.parse(response.body)
                        guard members.contains(where: { root.member(ofHref: $0.href) == .entry(folder) }) else {
                            return .failure(
                                ListingFailure(reason: "the server's listing of it does not include the folder itself"))
                        }
                        record(listing: members, of: folder)
                        return .success(members)
                    } catch {
                        return .failure(ListingFailure(reason: "the server's listing of it is not WebDAV: \(error)"))
                    }
                }
            )
        }
    }

    /// The server's answer to `request`, or why there was none.
    private static func answer(to request: HTTPRequest, from transport: any HTTPTransport) async -> Result<
        HTTPResponse, ListingFailure
    > {
        do {
            return .success(try await transport.send(request))
        } catch let error as HTTPTransportError {
            return .failure(ListingFailure(reason: "\(error.kind.rawValue) listing it (\(error.detail))"))
        } catch {
            return .failure(ListingFailure(reason: "listing it failed: \(error)"))
        }
    }

    /// The tree error a non-success answer to a change at `path` stands for.
    func failure(_ response: HTTPResponse, path: RelativePath, doing what: String) -> TreeError {
        switch response.status {
        case 404: .notFound(path)
        case 409: .notFound(path.parent)
        case 412: .sourceChanged(path)
        case 401, 403: .remote(path: path, message: "the server refused to \(what) it (\(response.status))")
        case 413: .remote(path: path, message: "the server refused it as too large (413)")
        case 423: .remote(path: path, message: "it is locked on the server (423); will retry next run")
        case 507: .remote(path: path, message: "the server has no space left (507)")
        default: .remote(path: path, message: "the server answered \(Self.describe(response)) when asked to \(what) it")
        }
    }

    /// A status for messages: `200 (text/html)`.
    static func describe(_ response: HTTPResponse) -> String {
        guard let type = response.headers["Content-Type"] else { return "\(response.status)" }
        return "\(response.status) (\(type.split(separator: ";").first.map(String.init) ?? type))"
    }
}
