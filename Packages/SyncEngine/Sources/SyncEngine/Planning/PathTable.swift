import FileTreeInterface

/// A value kept under its own path: a scanned entry, an archive record.
protocol PathKeyed {
    var path: RelativePath { get }
}

extension TreeEntry: PathKeyed {}
extension ArchiveRecord: PathKeyed {}

/// Values by path without a hash table: the values in path order, found by bisection, and the
/// changes made since (a rename re-keys a side) in a dictionary on top.
///
/// A scan lists its entries in path order already, so a side's table shares the scan's storage
/// and costs no memory of its own. A dictionary of the same 100,000 entries took 27 MiB a side
/// (262,144 buckets, every page of it written), and building both sides' took longer than
/// deciding a sync where 1% changed.
struct PathTable<Value: PathKeyed>: Sequence {
    typealias Element = (key: RelativePath, value: Value)

    /// The values as first given, in strictly ascending path order.
    private var ordered: [Value]
    /// Paths given a value (or removed: nil) since.
    private var changes: [RelativePath: Value?] = [:]
    /// How many paths have a value.
    private(set) var count: Int

    /// The values by their paths; for a path given more than once, the first value counts (as a
    /// side's scan is read).
    init(_ values: [Value]) {
        if Self.ascending(values.lazy.map(\.path)) {
            ordered = values
        } else {
            // Stable: among values of one path the first given stays first, and is the one kept.
            let order = values.indices.sorted { (values[$0].path, $0) < (values[$1].path, $1) }
            var kept: [Value] = []
            kept.reserveCapacity(order.count)
            for index in order where kept.last?.path != values[index].path { kept.append(values[index]) }
            ordered = kept
        }
        count = ordered.count
    }

    var isEmpty: Bool { count == 0 }

    /// The value at `path`, or nil. Setting one keeps it under `path`, which must be its own path.
    subscript(path: RelativePath) -> Value? {
        get {
            if !changes.isEmpty, let changed = changes[path] { return changed }
            return Self.bisect(ordered, for: path)
        }
        set {
            assert(newValue.map { $0.path == path } ?? true, "a value is kept under its own path")
            let had = self[path] != nil
            changes.updateValue(newValue, forKey: path)
            count += (newValue == nil ? 0 : 1) - (had ? 1 : 0)
        }
    }

    /// Sets or removes the value of each path in `updates`, in the order given (a later update of
    /// a path wins). Many in path order next to the table (a first sync's) are merged into the
    /// ordered values at once, so they take the room of the values alone: a dictionary of 100,000
    /// changes on top took three times that.
    mutating func update(_ updates: [(path: RelativePath, value: Value?)]) {
        guard updates.count * 8 > count, Self.ascending(updates.lazy.map(\.path)) else {
            for update in updates { self[update.path] = update.value }
            return
        }
        var merged: [Value] = []
        merged.reserveCapacity(count + updates.count)  // untouched room costs no memory
        var old = inOrder
        var current = old.next()
        for (path, value) in updates {
            while let before = current, before.path < path {
                merged.append(before)
                current = old.next()
            }
            if let same = current, same.path == path { current = old.next() }  // replaced or removed
            if let value { merged.append(value) }
        }
        while let after = current {
            merged.append(after)
            current = old.next()
        }
        ordered = merged
        changes = [:]
        count = merged.count
    }

    /// The values, in path order.
    var values: [Value] { changes.isEmpty ? ordered : Array(inOrder) }

    /// Whether `body` holds for every value in path order, the changes merged in (as ``inOrder``
    /// gives them), each read where it lies; stops at the first value it does not hold for.
    ///
    /// Each change is found among the ordered values by bisection, and the values between two
    /// changes are passed on without a comparison or a copy (copying each value out, as
    /// ``inOrder`` does, and comparing every path with the next change cost a no-op sync of
    /// 100,000 files 2,000 instructions a path).
    func allInOrder(_ body: (borrowing Value) -> Bool) -> Bool {
        ordered.withUnsafeBufferPointer { values in
            var position = 0
            for path in changes.isEmpty ? [] : changes.keys.sorted() {
                let found = Self.lowerBound(of: path, in: values, from: position)
                for index in position..<found where !body(values[index]) { return false }
                position = found
                if position < values.count && values[position].path == path { position += 1 }  // replaced or removed
                if let value = changes[path] ?? nil, !body(value) { return false }
            }
            for index in position..<values.count where !body(values[index]) { return false }
            return true
        }
    }

    /// The values, in path order, the changes merged in as they are reached (nothing copied).
    var inOrder: InOrder {
        InOrder(ordered: ordered, changes: changes, changed: changes.isEmpty ? [] : changes.keys.sorted())
    }

    /// How many bytes the paths held take, counting a replaced value's path twice (an upper bound
    /// for sizing a buffer, found without putting anything in order).
    var pathBytesBound: Int {
        ordered.reduce(0) { $0 + $1.path.text.utf8.count }
            + changes.values.reduce(0) { $0 + ($1?.path.text.utf8.count ?? 0) }
    }

    /// The paths, in order.
    var keys: LazyMapSequence<InOrder, RelativePath> { inOrder.lazy.map(\.path) }

    func makeIterator() -> LazyMapSequence<InOrder, Element>.Iterator {
        inOrder.lazy.map { (key: $0.path, value: $0) }.makeIterator()
    }

    /// The ordered values merged with the sorted changes: a changed path's new value (or nothing,
    /// for a removal) in place of its old one.
    struct InOrder: Sequence, IteratorProtocol {
        private let ordered: [Value]
        private let changes: [RelativePath: Value?]
        /// The changed paths, sorted (the paths alone: sorting whole values moved far more bytes).
        private let changed: [RelativePath]
        private var position = 0
        private var nextChange = 0
        /// Where the next change's path sits among the ordered values (found by bisection once,
        /// so the values before it are passed on without comparing each path with it).
        private var changeAt: Int?

        fileprivate init(ordered: [Value], changes: [RelativePath: Value?], changed: [RelativePath]) {
            self.ordered = ordered
            self.changes = changes
            self.changed = changed
        }

        mutating func next() -> Value? {
            while nextChange < changed.count {
                let path = changed[nextChange]
                let at =
                    changeAt
                    ?? ordered.withUnsafeBufferPointer { PathTable.lowerBound(of: path, in: $0, from: position) }
                changeAt = at
                if position < at {
                    position += 1
                    return ordered[position - 1]
                }
                // The old value of a path replaced or removed is passed over.
                if position < ordered.count && ordered[position].path == path { position += 1 }
                nextChange += 1
                changeAt = nil
                if let value = changes[path] ?? nil { return value }
            }
            guard position < ordered.count else { return nil }
            position += 1
            return ordered[position - 1]
        }
    }

    /// Whether `paths` are in strictly ascending order (so each is there once).
    private static func ascending(_ paths: some Collection<RelativePath>) -> Bool {
        zip(paths, paths.dropFirst()).allSatisfy { $0 < $1 }
    }

    /// The value at `path` in values sorted by path, or nil.
    static func bisect(_ values: [Value], for path: RelativePath) -> Value? {
        values.withUnsafeBufferPointer { values in
            let index = lowerBound(of: path, in: values, from: 0)
            return index < values.count && values[index].path == path ? values[index] : nil
        }
    }

    /// The first index at or after `low` whose value's path is not before `path` (`values.count`
    /// when there is none), in values sorted by path.
    fileprivate static func lowerBound(of path: RelativePath, in values: UnsafeBufferPointer<Value>, from low: Int)
        -> Int
    {
        var low = low
        var high = values.count
        while low < high {
            let middle = (low + high) / 2
            if values[middle].path < path { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

extension PathTable: Sendable where Value: Sendable {}

extension PathTable: Equatable where Value: Equatable {
    /// Equal when the same paths hold equal values.
    static func == (a: PathTable, b: PathTable) -> Bool {
        a.count == b.count && a.values == b.values
    }
}

extension PathTable: ExpressibleByDictionaryLiteral {
    /// A table from values under their own paths (a test's literal).
    init(dictionaryLiteral elements: (RelativePath, Value)...) {
        precondition(elements.allSatisfy { $0.0 == $0.1.path }, "a value is kept under its own path")
        self.init(elements.map(\.1))
    }
}
