import FileTreeInterface
import Foundation
import SyncEngine

/// One version in a pair's trash as `trash list` shows it (its `--json` shape): when it was
/// trashed, on which side, its size and the path it had; no internal trash path.
struct TrashEntry: Encodable, Equatable {
    /// When the sync that trashed it ran, ISO 8601 in UTC (`2026-12-01T23:05:09Z`); nil when
    /// the run folder's name does not say (a folder made by hand).
    var trashedAt: String?
    /// The run folder inside `.synccli-trash` (`2026-12-01T230509Z-g4`).
    var run: String
    /// `local` or `container`.
    var side: String
    /// The path it had, relative to the folder.
    var path: String
    /// Its size in bytes.
    var size: Int64
    /// Its modification time, ISO 8601 in UTC.
    var modified: String
    /// Whether no other copy of it exists (the size limit never removes it, only its age); absent
    /// when not looked at.
    var lastCopy: Bool?

    init(_ item: TrashItem) {
        trashedAt = item.trashedAt?.formatted(.iso8601)
        run = item.run
        side = item.side.rawValue
        path = item.originalPath.text
        size = item.size
        let date = Date(timeIntervalSince1970: Double(item.modificationNanoseconds) / 1e9)
        modified = date.formatted(.iso8601)
        lastCopy = item.isLastCopy
    }
}
