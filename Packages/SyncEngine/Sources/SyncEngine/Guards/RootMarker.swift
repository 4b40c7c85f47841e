import FileTreeInterface
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
    static let fileName = ReservedNames.rootMarker
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

    /// The marker's path on the side's root.
    static let path: RelativePath = (try? RelativePath(components: [fileName])) ?? .root

    /// Whether something is at the marker's name on `side` (a side that cannot be examined has none).
    static func exists(on side: any SideListing) -> Bool {
        (try? side.entry(at: path)) != nil
    }

    /// Reads the marker on `side`; never throws: what cannot be read is ``Reading/damaged(_:)``.
    /// - Parameter location: the side's location, for the reason's path.
    static func read(from side: any SideDocuments, location: String) -> Reading {
        let data: Data
        do {
            guard let read = try side.readDocument(named: fileName) else { return .absent }
            data = read
        } catch {
            return .damaged("\(SyncError.wrap(error, path: documentPath(location)))")
        }
        guard data.count <= sizeLimit, let body = try? JSONDecoder().decode(Body.self, from: data),
            body.tool == "synccli"
        else { return .damaged("not a synccli root marker") }
        guard let id = body.id, let sequence = body.sequence else { return .unstamped }
        guard ContainerStamp.isValidID(id), sequence >= 0 else { return .damaged("its container id is malformed") }
        return .stamped(ContainerStamp(id: id, sequence: sequence))
    }

    /// Writes the marker atomically (replacing one that is there).
    /// - Parameters:
    ///   - stamp: the container copy's stamp (container side only).
    ///   - location: the side's location, for the error's path.
    static func write(to side: any SideDocuments, location: String, pair: String, stamp: ContainerStamp? = nil) throws {
        let body = Body(
            pair: pair, tool: "synccli", version: stamp == nil ? 1 : 2, id: stamp?.id, sequence: stamp?.sequence)
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            try side.writeDocument(try encoder.encode(body) + Data("\n".utf8), named: fileName)
        } catch {
            throw SyncError.wrap(error, path: documentPath(location))
        }
    }

    /// The marker's path at `location`, for messages.
    private static func documentPath(_ location: String) -> String {
        location.hasSuffix("/") ? location + fileName : location + "/" + fileName
    }
}
