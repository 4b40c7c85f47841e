import FileTreeInterface
import Foundation

/// Decides which trashed versions go, oldest first, and which stay; changes nothing.
///
/// - A version older than the retention's age goes.
/// - A version the caller asks to remove (``request``) or that a side's size cap pushes out goes
///   only if a copy of it is somewhere else: a file of the same size and modification time at its
///   path on either side, or another trashed version of that path not removed by this plan.
///   Otherwise it is the last copy and stays until its age passes.
/// - A version in a run folder whose name gives no time (made by hand) is never touched.
struct TrashExpiryPlanner {
    /// What to remove beyond the age limit.
    enum Request {
        /// Only what the size caps push out.
        case sizeCaps
        /// Every version trashed at or before this date (`trash empty`), whatever the caps.
        case trashedBefore(Date)
    }

    var now: Date
    var retention: TrashRetention
    /// Each side's cap in bytes; a side without one has no size limit.
    var caps: [SyncSide: Int64] = [:]
    var request: Request = .sizeCaps

    /// The plan for `items` (both sides' versions).
    /// - Parameter live: the entry at a path on a side now (nil: nothing, or unknown).
    func plan(_ items: [TrashItem], live: @escaping (SyncSide, RelativePath) -> TreeEntry?) -> TrashExpiryPlan {
        var result = TrashExpiryPlan()
        let cutoff = now.addingTimeInterval(-retention.maxAge)
        let dated = items.indices.compactMap { index in TrashStamp.date(ofRun: items[index].run).map { (index, $0) } }
        var removed = Set(dated.filter { $0.1 < cutoff }.map(\.0))
        var candidates = dated.filter { $0.1 >= cutoff }.sorted { items[$1.0].isNewer(than: items[$0.0]) }
        if case .trashedBefore(let limit) = request { candidates = candidates.filter { $0.1 <= limit } }
        var copies = CopyFinder(items: items, live: live)
        var held: [SyncSide: Int64] = [:]
        for (index, item) in items.enumerated() where !removed.contains(index) {
            held[item.side, default: 0] += item.size
        }
        var lastCopies = Set<Int>()
        for (index, _) in candidates {
            let item = items[index]
            if case .sizeCaps = request {
                guard let cap = caps[item.side], held[item.side, default: 0] > cap else { continue }
            }
            guard copies.hasCopy(of: index, besides: removed) else {
                lastCopies.insert(index)
                continue
            }
            removed.insert(index)
            held[item.side, default: 0] -= item.size
        }
        for (index, item) in items.enumerated() {
            if removed.contains(index) {
                result.remove.append(item)
            } else if lastCopies.contains(index) {
                result.keptLastCopies.append(item)
            } else {
                result.kept.append(item)
            }
        }
        result.remove.sort { $1.isNewer(than: $0) }
        return result
    }
}

/// What ``TrashExpiryPlanner`` decided.
struct TrashExpiryPlan {
    /// To remove, oldest first.
    var remove: [TrashItem] = []
    /// Kept because no other copy of them exists (they would have been removed otherwise).
    var keptLastCopies: [TrashItem] = []
    /// Kept because nothing asked for them to go (young enough, under the cap, or of unknown age).
    var kept: [TrashItem] = []
}

/// Finds another copy of a trashed version: on either side at its path, or in a trash.
struct CopyFinder {
    let items: [TrashItem]
    let live: (SyncSide, RelativePath) -> TreeEntry?
    /// The versions of each path, by index.
    private let byPath: [RelativePath: [Int]]
    private var liveCache: [RelativePath: [TreeEntry]] = [:]

    init(items: [TrashItem], live: @escaping (SyncSide, RelativePath) -> TreeEntry?) {
        self.items = items
        self.live = live
        byPath = Dictionary(grouping: items.indices, by: { items[$0].originalPath })
    }

    /// Whether a copy of `items[index]` exists other than itself and those in `removed`.
    mutating func hasCopy(of index: Int, besides removed: Set<Int>) -> Bool {
        let item = items[index]
        for other in byPath[item.originalPath] ?? [] where other != index && !removed.contains(other) {
            if Self.same(items[other].size, items[other].modificationNanoseconds, as: item) { return true }
        }
        let entries: [TreeEntry]
        if let cached = liveCache[item.originalPath] {
            entries = cached
        } else {
            entries = SyncSide.allCases.compactMap { live($0, item.originalPath) }
            liveCache[item.originalPath] = entries
        }
        return entries.contains { $0.kind == .file && Self.same($0.size, $0.modificationNanoseconds, as: item) }
    }

    /// Same size and modification time; to the second when either time has no fraction (a side
    /// that keeps whole seconds).
    static func same(_ size: Int64, _ nanoseconds: Int64, as item: TrashItem) -> Bool {
        guard size == item.size else { return false }
        let second: Int64 = 1_000_000_000
        if nanoseconds % second == 0 || item.modificationNanoseconds % second == 0 {
            return nanoseconds / second == item.modificationNanoseconds / second
        }
        return nanoseconds == item.modificationNanoseconds
    }
}
