import Foundation
import NetworkInterface

extension InMemoryWebDAVServer {
    /// `LOCK`: an exclusive write lock on one resource (depth 0; no timeout: it holds until its
    /// `UNLOCK`), as rclone 1.60 answers: 423 while another lock holds it, an empty file made
    /// where there is none (201), the token in `Lock-Token`. 405 with
    /// ``WebDAVQuirks/refusesLocks``.
    static func lock(_ path: WebDAVPath, _ state: inout State) -> HTTPResponse {
        if state.quirks.contains(.refusesLocks) { return HTTPResponse(status: 405) }
        if state.locks[path] != nil { return HTTPResponse(status: 423) }
        let created = state.resources[path] == nil
        if created {
            guard state.resources[path.parent]?.isCollection == true else { return HTTPResponse(status: 409) }
            store(Data(), at: path, in: &state)
        }
        let token = "opaquelocktoken:mock-\(state.nextTag)"
        state.nextTag += 1
        state.locks[path] = token
        return HTTPResponse(status: created ? 201 : 200, headers: ["Lock-Token": "<\(token)>"])
    }

    /// `UNLOCK` of the lock its `Lock-Token` header names: 204, or 409 when no such lock holds
    /// the resource.
    static func unlock(_ path: WebDAVPath, _ request: HTTPRequest, _ state: inout State) -> HTTPResponse {
        guard let token = state.locks[path], request.headers["Lock-Token"] == "<\(token)>" else {
            return HTTPResponse(status: 409)
        }
        state.locks[path] = nil
        return HTTPResponse(status: 204)
    }

    /// The 423 a change of a locked resource gets without its token in an `If` header, or nil
    /// when it may go on.
    static func lockedOut(_ paths: [WebDAVPath], _ request: HTTPRequest, _ state: State) -> HTTPResponse? {
        for path in paths {
            guard let token = state.locks[path] else { continue }
            if request.headers["If"]?.contains("<\(token)>") != true { return HTTPResponse(status: 423) }
        }
        return nil
    }
}
