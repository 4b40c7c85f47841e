import FileTreeInterface
import Foundation

/// What a WebDAV side keeps about its entries that the server cannot: each file's real
/// modification time (most servers cannot set one) and permission bits, in a document at the
/// side's root (``documentName``), so a file that goes local → server → another machine arrives
/// with its original time and mode.
///
/// A file's time is believed only while its ETag is the one recorded with it: any other writer
/// changes the ETag, and the server's own time is reported instead. The document is another
/// party's input like everything on the server: a malformed one is ignored (times fall back to
/// the server's), never trusted beyond time and mode bits.
struct SideMetadata: Codable, Equatable, Sendable {
    struct File: Codable, Equatable, Sendable {
        var etag: String
        var modified: Int64
        var mode: UInt32
    }

    init() {}

    /// Reads a document of this version; `identities` may be absent (documents written before
    /// folders carried identities).
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decode(Int.self, forKey: .version)
        files = try container.decode([String: File].self, forKey: .files)
        folders = try container.decode([String: UInt32].self, forKey: .folders)
        identities = try container.decodeIfPresent([String: UInt64].self, forKey: .identities) ?? [:]
    }

    static let documentName = ReservedNames.sideMetadata
    static let currentVersion = 1

    var version = currentVersion
    /// By path text (relative to the side's root).
    var files: [String: File] = [:]
    /// Folder modes, by path text.
    var folders: [String: UInt32] = [:]
    /// The identity a folder carried before this side moved it (by its path text now): a folder
    /// renamed by a sync keeps the identity its old path gave it, so the other machines see a
    /// rename, not a deletion and a new folder.
    var identities: [String: UInt64] = [:]

    /// The document's bytes.
    func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(self)) ?? Data()
    }

    /// The metadata `data` holds.
    /// - Throws: ``Unreadable`` when it is not a metadata document, or one of another version
    ///   (a newer synccli's): never read as empty, or the next save would write over every time
    ///   and mode it keeps.
    static func decode(_ data: Data) throws(Unreadable) -> SideMetadata {
        let decoded: SideMetadata
        do {
            decoded = try JSONDecoder().decode(SideMetadata.self, from: data)
        } catch {
            throw Unreadable(
                reason: "it is not a metadata document (removing it starts one afresh, "
                    + "without the times and modes it kept)")
        }
        guard decoded.version == currentVersion else {
            throw Unreadable(
                reason: "it is of version \(decoded.version), written by a newer synccli "
                    + "(this one reads \(currentVersion))")
        }
        return decoded
    }

    /// Why a metadata document cannot be read.
    struct Unreadable: Error {
        var reason: String
    }

    /// Moves every record at or below `source` to the same place below `destination`.
    mutating func move(from source: String, to destination: String) {
        func rebase(_ key: String) -> String? {
            if key == source { return destination }
            return key.hasPrefix(source + "/") ? destination + key.dropFirst(source.count) : nil
        }
        for (key, value) in files {
            if let moved = rebase(key) {
                files[key] = nil
                files[moved] = value
            }
        }
        for (key, value) in folders {
            if let moved = rebase(key) {
                folders[key] = nil
                folders[moved] = value
            }
        }
        for (key, value) in identities {
            if let moved = rebase(key) {
                identities[key] = nil
                identities[moved] = value
            }
        }
    }

    /// Forgets every record at or below `path`.
    mutating func remove(_ path: String) {
        files = files.filter { $0.key != path && !$0.key.hasPrefix(path + "/") }
        folders = folders.filter { $0.key != path && !$0.key.hasPrefix(path + "/") }
        identities = identities.filter { $0.key != path && !$0.key.hasPrefix(path + "/") }
    }
}
