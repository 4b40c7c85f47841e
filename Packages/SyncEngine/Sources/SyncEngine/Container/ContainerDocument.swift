public import Foundation

/// The container's own record, `<container>/data.json`: which machines synced which pair, and when.
///
/// Several machines share one container; each updates its own entries after a successful sync.
/// A missing document is a fresh container. Versioned:
/// ```json
/// {"version": 1, "pairs": {"docs": {"machines": {"laptop": {"lastSync": "2026-11-30T10:15:00Z"}}}}}
/// ```
public struct ContainerDocument: Sendable, Codable, Equatable {
    /// The format version written by this code.
    public static let currentVersion = 1
    /// The document's file name inside the container.
    public static let fileName = "data.json"

    /// One machine's last sync of a pair.
    public struct MachineRecord: Sendable, Codable, Equatable {
        public var lastSync: Date
    }

    /// The machines that sync a pair.
    public struct PairRecord: Sendable, Codable, Equatable {
        public var machines: [String: MachineRecord]
    }

    public var version: Int
    public var pairs: [String: PairRecord]

    /// An empty document (a fresh container).
    public init() {
        version = Self.currentVersion
        pairs = [:]
    }

    /// Records that `machine` synced `pair` at `date`.
    public mutating func recordSync(pair: String, machine: String, at date: Date) {
        pairs[pair, default: PairRecord(machines: [:])].machines[machine] = MachineRecord(lastSync: date)
    }

    /// The machine other than `machine` that synced `pair` most recently, if any.
    public func lastOtherMachine(pair: String, besides machine: String) -> String? {
        pairs[pair]?.machines.filter { $0.key != machine }.max { $0.value.lastSync < $1.value.lastSync }?.key
    }

    /// The document's bytes: stable JSON.
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(self)
    }

    /// Decodes a document.
    /// - Throws: ``SyncError/corruptState(path:reason:)`` when it is not a document of this version.
    public static func decode(_ data: Data, path: String) throws -> ContainerDocument {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        guard var document = try? decoder.decode(ContainerDocument.self, from: data) else {
            throw SyncError.corruptState(path: path, reason: "not a container document")
        }
        guard document.version == currentVersion else {
            throw SyncError.corruptState(path: path, reason: "version \(document.version) is not supported")
        }
        // Whole seconds, as `encoded()` writes them (rounded down): a fraction another tool wrote
        // is dropped here, so the document reads the same after this machine saves it again.
        // The ISO 8601 reader is lenient ("0-1-1T03:6:0+05" reads as a date in year 0), but only
        // the years 1 to 9999 write back as something it reads again.
        let years = -62_135_596_800.0...253_402_300_799.0
        for (pair, record) in document.pairs {
            for (machine, entry) in record.machines {
                guard years.contains(entry.lastSync.timeIntervalSince1970) else {
                    throw SyncError.corruptState(
                        path: path,
                        reason: "the last sync of \(machine) in \(pair) is not a date of the years 1 to 9999")
                }
                let seconds = entry.lastSync.timeIntervalSince1970.rounded(.down)
                document.pairs[pair]?.machines[machine]?.lastSync = Date(timeIntervalSince1970: seconds)
            }
        }
        return document
    }
}
