import Foundation
import SyncEngine

/// A pair's trash in `status --json`: how it is kept, and what each side holds.
struct TrashStatus: Encodable, Equatable {
    /// One side's trash.
    struct Side: Encodable, Equatable {
        var side: String
        var versions: Int
        var bytes: Int64
        /// When its oldest version was trashed.
        var oldest: Date?
        /// The bytes its size limit allows now; absent: no size limit applies.
        var maxBytes: Int64?
        /// Why no size limit applies, when one is set but cannot be (a share of the free space on
        /// a side that does not tell it).
        var note: String?
    }

    /// Versions are kept this many days.
    var days: Int
    /// The size limit as set (`10%`, a number of bytes); absent: none.
    var maxSize: String?
    var sides: [Side]

    init(_ summary: TrashSummary) {
        days = summary.retention.days
        maxSize = summary.retention.maxSize?.description
        sides = SyncSide.allCases.compactMap { side in
            summary.sides[side].map {
                Side(
                    side: side.rawValue, versions: $0.versions, bytes: $0.bytes, oldest: $0.oldest, maxBytes: $0.cap,
                    note: $0.capNote)
            }
        }
    }

    /// `trash: local 3 versions (1.2 KiB, oldest 2026-...), container empty; versions for 30 days, ...`
    static func line(_ summary: TrashSummary) -> String {
        let sides = SyncSide.allCases.compactMap { side -> String? in
            guard let held = summary.sides[side] else { return nil }
            guard held.versions > 0 else { return "\(side) empty" }
            var text = "\(side) \(Console.count(held.versions, "version")) (\(Console.bytes(held.bytes))"
            if let oldest = held.oldest { text += ", oldest \(oldest.formatted(.iso8601))" }
            if let note = held.capNote { text += "; \(note)" }
            return text + ")"
        }
        return "trash: \(sides.joined(separator: ", ")); keeps \(TrashKeepCommand.describe(summary.retention))"
    }
}
