import Foundation
import NetworkInterface

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension URLSessionTransport {
    /// A GET into a file, fetched in ranges of ``TransportConfiguration/downloadRangeSize`` onto
    /// one staging file beside the destination, then renamed into place: memory stays bounded by
    /// one range whatever the file's size. Later ranges carry the first answer's ETag in `If-Match`
    /// (or its `Last-Modified` in `If-Unmodified-Since`), so a file that changes meanwhile fails the
    /// download as `connectionLost` instead of mixing two versions.
    ///
    /// The answer looks like one GET's: status 200, `Content-Length` the whole size, no
    /// `Content-Range`. A server that ignores `Range` answers 200 with the whole body, which is
    /// taken as is; any other status of the first request is returned as it is.
    func rangedDownload(_ request: HTTPRequest, to destination: URL) async throws -> HTTPResponse {
        let staged = ResponseReceiver.sibling(of: destination)
        guard FileManager.default.createFile(atPath: staged.path, contents: nil),
            let handle = FileHandle(forWritingAtPath: staged.path)
        else { throw HTTPTransportError(.localFile, request, "cannot create a file beside \(destination.path)") }
        var placed = false
        defer {
            try? handle.close()
            if !placed { unlink(staged.path) }
        }
        let size = Int64(max(configuration.downloadRangeSize, 1))
        var first: HTTPResponse?
        var total: Int64?
        var written: Int64 = 0
        repeat {
            var part = request
            part.headers["Range"] = "bytes=\(written)-\(written + size - 1)"
            if let first { part.headers = Self.sameVersion(part.headers, as: first) }
            let response = try await perform(part, appendingTo: handle)
            if first == nil {
                if response.status == 416 { return try await perform(request) }  // an empty file has no range
                guard response.status == 206 else {
                    guard response.isSuccess else { return response }
                    return try place(staged, handle, destination, response, request, &placed)
                }
                first = response
                total = response.headers["Content-Range"].flatMap(Self.totalSize)
            } else if response.status != 206 {
                throw HTTPTransportError(
                    .connectionLost, request,
                    "the file changed during the download: status \(response.status) for bytes from \(written)")
            }
            guard response.byteCount > 0 else {
                throw HTTPTransportError(.connectionLost, request, "an empty range at byte \(written)")
            }
            written += response.byteCount
        } while written < (total ?? 0)
        guard var whole = first else { throw HTTPTransportError(.other, request, "no range arrived") }
        whole.status = 200
        whole.headers.remove("Content-Range")
        whole.headers["Content-Length"] = String(written)
        whole.byteCount = written
        return try place(staged, handle, destination, whole, request, &placed)
    }

    /// Flushes the staging file and renames it onto the destination.
    private func place(
        _ staged: URL, _ handle: FileHandle, _ destination: URL, _ response: HTTPResponse, _ request: HTTPRequest,
        _ placed: inout Bool
    ) throws -> HTTPResponse {
        do { try handle.synchronize() } catch {
            throw HTTPTransportError(.localFile, request, "cannot flush the body to disk: \(error)")
        }
        guard rename(staged.path, destination.path) == 0 else {
            throw HTTPTransportError(
                .localFile, request, "cannot move the body to \(destination.path): \(String(cString: strerror(errno)))")
        }
        placed = true
        var answer = response
        answer.file = destination
        answer.body = Data()
        return answer
    }

    /// `headers` with a precondition that holds only for the version `first` came from.
    private static func sameVersion(_ headers: HTTPHeaders, as first: HTTPResponse) -> HTTPHeaders {
        var headers = headers
        if let tag = first.etag, !tag.hasPrefix("W/") {
            headers["If-Match"] = tag
        } else if let modified = first.headers["Last-Modified"] {
            headers["If-Unmodified-Since"] = modified
        }
        return headers
    }

    /// The complete length in a `Content-Range: bytes 0-99/1234` header.
    static func totalSize(_ contentRange: String) -> Int64? {
        contentRange.split(separator: "/").last.flatMap { Int64($0.trimmingCharacters(in: .whitespaces)) }
    }
}
