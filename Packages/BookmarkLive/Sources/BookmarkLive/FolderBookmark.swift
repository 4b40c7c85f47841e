import BookmarkInterface
import Foundation

/// The Linux bookmark data format: a folder's path and identity, as versioned JSON.
struct FolderBookmark: Codable, Equatable {
    static let formatName = "synccli-folder-bookmark"
    static let currentVersion = 1

    var format: String
    var version: Int
    var path: String
    var device: UInt64
    var inode: UInt64

    init(path: String, device: UInt64, inode: UInt64) {
        self.format = Self.formatName
        self.version = Self.currentVersion
        self.path = path
        self.device = device
        self.inode = inode
    }

    /// Decodes and validates untrusted bookmark data.
    /// - Throws: `BookmarkError.malformedBookmark` naming the first problem found.
    static func decode(_ data: Data) throws -> FolderBookmark {
        guard let bookmark = try? JSONDecoder().decode(FolderBookmark.self, from: data) else {
            throw BookmarkError.malformedBookmark("not bookmark data written by this tool")
        }
        guard bookmark.format == formatName else {
            throw BookmarkError.malformedBookmark("unknown format \"\(bookmark.format)\"")
        }
        guard bookmark.version == currentVersion else {
            throw BookmarkError.malformedBookmark("version \(bookmark.version) is not supported")
        }
        guard bookmark.path.hasPrefix("/"), !bookmark.path.utf8.contains(0),
            !bookmark.path.split(separator: "/").contains(where: { $0 == ".." || $0 == "." })
        else {
            throw BookmarkError.malformedBookmark("the recorded path is not a plain absolute path")
        }
        return bookmark
    }

    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }
}
