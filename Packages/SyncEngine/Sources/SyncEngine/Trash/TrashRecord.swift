import FileAccessorInterface
import FileTreeInterface
import Foundation

/// What this machine keeps about a pair's trash, in `<state>/pairs/<hex of the name>/trash.json`:
/// the retention set with `synccli trash keep`, and what each run folder of each side held when
/// last walked, so a sync with nothing to expire lists run folders instead of every version.
///
/// The sizes are a hint: a run folder not in them is walked, and any expiry walks the whole
/// trash again. A pair without the file keeps ``TrashRetention/standard``.
struct TrashRecord: Codable, Equatable {
    /// What one run folder held.
    struct Run: Codable, Equatable {
        var bytes: Int64
        var versions: Int

        static let empty = Run(bytes: 0, versions: 0)

        /// Adds what `other` holds.
        mutating func add(_ other: Run) {
            bytes += other.bytes
            versions += other.versions
        }
    }

    static let currentVersion = 1
    static let fileName = "trash.json"

    var version = currentVersion
    /// nil: ``TrashRetention/standard``.
    var retention: TrashRetention?
    /// By side (`local`, `container`), then run folder name.
    var runs: [String: [String: Run]] = [:]
    /// By side: what the side's trash held after an expiry that could not bring it under its cap
    /// (only last copies were left to remove); absent: none. A sync that changed nothing expires
    /// that side again only when it holds another amount.
    var floors: [String: Int64] = [:]
    /// When both sides' run folders were last listed (or walked) into ``runs``; absent: never.
    /// Within ``lifetime`` of it, a sync takes ``runs`` (with what it trashed itself) for them.
    var listed: Date?
    /// The archive generation the record was last brought up to date with; absent: unknown.
    var generation: Int?

    /// How long a listing of the run folders stands for the next ones: a run folder another
    /// machine adds meanwhile is counted (and expired) by the first listing after it, at most this
    /// much later.
    static let lifetime: TimeInterval = 600

    init() {}

    /// Reads a record; a key a record of this version may lack (written before it existed) is empty.
    init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        version = try values.decode(Int.self, forKey: .version)
        retention = try values.decodeIfPresent(TrashRetention.self, forKey: .retention)
        runs = try values.decodeIfPresent([String: [String: Run]].self, forKey: .runs) ?? [:]
        floors = try values.decodeIfPresent([String: Int64].self, forKey: .floors) ?? [:]
        listed = try values.decodeIfPresent(Date.self, forKey: .listed)
        generation = try values.decodeIfPresent(Int.self, forKey: .generation)
    }

    /// Whether the run folders listed at ``listed`` still stand for a listing at `now` (a time
    /// after `now`, a clock set back, never does).
    func listingStands(at now: Date) -> Bool {
        guard let listed else { return false }
        return listed <= now && now.timeIntervalSince(listed) < Self.lifetime
    }

    /// The retention in force.
    var effectiveRetention: TrashRetention { retention ?? .standard }
}

extension ArchiveStore {
    func trashRecordURL(for pair: String) -> URL {
        stateFolder.appending(path: folder(for: pair).text).appending(path: TrashRecord.fileName)
    }

    /// The pair's trash record, or an empty one when there is none.
    /// - Throws: ``SyncError/corruptState(path:reason:)`` for a file that is not a record of this
    ///   version, ``SyncError/io(path:underlying:)`` when it cannot be read.
    func loadTrashRecord(pair: String) throws -> TrashRecord {
        let url = trashRecordURL(for: pair)
        let data: Data?
        do {
            data = try accessor.readIfPresent(url)
        } catch {
            throw SyncError.wrap(error, path: url.path)
        }
        guard let data else { return TrashRecord() }
        guard let record = try? JSONDecoder().decode(TrashRecord.self, from: data),
            record.version == TrashRecord.currentVersion, (record.retention?.days ?? 1) >= 1
        else {
            throw SyncError.corruptState(path: url.path, reason: "not a trash record of version 1")
        }
        return record
    }

    /// Saves the pair's trash record atomically.
    /// - Throws: ``SyncError`` when the state folder or the file cannot be written.
    func saveTrashRecord(_ record: TrashRecord, pair: String) throws {
        _ = try makeFolders(folder(for: pair))
        let url = trashRecordURL(for: pair)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        do {
            try accessor.write(try encoder.encode(record), to: url)
        } catch {
            throw SyncError.wrap(error, path: url.path)
        }
    }
}
