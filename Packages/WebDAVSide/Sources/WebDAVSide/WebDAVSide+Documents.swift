import FileTreeInterface
public import Foundation
import NetworkInterface

extension WebDAVSide {
    /// The most bytes a document may have.
    static let documentLimit = 64 << 20

    public func readDocument(named name: String) throws -> Data? {
        let path = try RelativePath(components: [name])
        guard let current = try properties(of: path) else { return nil }
        if current.isCollection {
            throw TreeError.remote(path: path, message: "a folder is where a document should be")
        }
        var request = HTTPRequest(.get, root.url(for: path), destination: .memory(limit: Self.documentLimit))
        if let etag = current.etag { request.headers["If-Match"] = etag }
        let response: HTTPResponse
        do {
            response = try send(request)
        } catch let error as HTTPTransportError where error.kind == .responseTooLarge {
            throw TreeError.remote(
                path: path, message: "the document is larger than \(Self.documentLimit >> 20) MiB: refused")
        } catch let error as HTTPTransportError {
            throw TreeError.remote(
                path: path, message: "\(error.kind.rawValue) talking to the server (\(error.detail))")
        }
        switch response.status {
        case 200: return response.body
        case 404: return nil
        default: throw failure(response, path: path, doing: "read")
        }
    }

    /// Puts the bytes under this document's own temporary name, then moves them onto `name`
    /// (`Overwrite: T`): readers see the old document or the new one, never a part. The temporary
    /// name is the same for every write of the document, so a write killed half-way leaves a
    /// file the next write replaces, never one that stays for ever.
    public func writeDocument(_ data: Data, named name: String) throws {
        let path = try RelativePath(components: [name])
        if try properties(of: path)?.isCollection == true {
            throw TreeError.remote(path: path, message: "a folder is where a document should be")
        }
        let own = UInt32(truncatingIfNeeded: ContentDigest(of: Array(name.utf8)).low)
        let temporary = try path.parent.appending(StagedCopy.temporaryName(in: root.url, random: own))
        let put = try send(HTTPRequest(.put, root.url(for: temporary), body: .bytes(data)), about: path)
        guard (200..<300).contains(put.status) else { throw failure(put, path: path, doing: "write") }
        var move = HTTPRequest(.move, root.url(for: temporary))
        move.headers["Destination"] = root.url(for: path).absoluteString
        move.headers["Overwrite"] = "T"
        let moved: HTTPResponse
        do {
            moved = try send(move, about: path)
        } catch {
            _ = try? send(HTTPRequest(.delete, root.url(for: temporary)))
            throw error
        }
        guard (200..<300).contains(moved.status) else {
            _ = try? send(HTTPRequest(.delete, root.url(for: temporary)))
            throw failure(moved, path: path, doing: "write")
        }
    }
}
