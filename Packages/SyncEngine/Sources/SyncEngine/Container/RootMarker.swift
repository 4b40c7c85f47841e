import FileAccessorInterface
import Foundation

/// The file at each side's root that says "this folder is a synced root of this pair". A side that
/// synced before and has lost its marker is refused: an unmounted drive, a deleted or moved folder
/// must never read as "everything was deleted".
///
/// The container side's marker also carries the container copy's ``ContainerStamp``:
/// ```json
/// {"id":"3f0c…","pair":"docs","sequence":12,"tool":"synccli","version":2}
/// ```
enum RootMarker {
    static let fileName = ".synccli-root"
    /// The largest marker read (it is a line of JSON; anything bigger is not a marker).
    static let sizeLimit = 4_096

    /// What a root's marker says about the container copy.
    enum Reading: Equatable {
        /// No marker.
        case absent
        /// A marker without a stamp (written before containers had ids, or a local side's).
        case unstamped
        case stamped(ContainerStamp)
        /// Something is there that cannot be read as a marker.
        case damaged(String)
    }

    private struct Body: Codable {
        var pair: String?
        var tool: String?
        var version: Int?
        var id: String?
        var sequence: Int?
    }

    static func url(in root: URL) -> URL { root.appending(path: fileName) }

    static func exists(in root: URL, accessor: any FileAccessorProviding) -> Bool {
        accessor.fileExists(at: url(in: root))
    }

    /// Reads the marker at `root`; never throws: what cannot be read is ``Reading/damaged(_:)``.
    static func read(in root: URL, accessor: any FileAccessorProviding) -> Reading {
        let data: Data
        do {
            guard let read = try accessor.readIfPresent(url(in: root)) else { return .absent }
            data = read
        } catch {
            return .damaged("\(error)")
        }
        guard data.count <= sizeLimit, let body = try? JSONDecoder().decode(Body.self, from: data), body.tool == "synccli"
        else { return .damaged("not a synccli root marker") }
        guard let id = body.id, let sequence = body.sequence else { return .unstamped }
        guard ContainerStamp.isValidID(id), sequence >= 0 else { return .damaged("its container id is malformed") }
        return .stamped(ContainerStamp(id: id, sequence: sequence))
    }

    /// Writes the marker atomically (replacing one that is there).
    /// - Parameter stamp: the container copy's stamp (container side only).
    static func write(in root: URL, pair: String, stamp: ContainerStamp? = nil, accessor: any FileAccessorProviding) throws {
        let body = Body(pair: pair, tool: "synccli", version: stamp == nil ? 1 : 2, id: stamp?.id, sequence: stamp?.sequence)
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            try accessor.write(try encoder.encode(body) + Data("\n".utf8), to: url(in: root))
        } catch {
            throw SyncError.wrap(error, path: url(in: root).path)
        }
    }
}
