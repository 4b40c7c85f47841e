public import FileTreeInterface

/// An archive's records by path, kept in path order: read, written and merged with the scans in
/// that order, looked up by bisection.
///
/// An archive file lists its records in path order, so 100,000 of them load into one array of
/// exactly their size; a dictionary of them took 38 MiB (262,144 buckets, every page written),
/// half of a no-op sync's memory.
public struct ArchiveRecords: Sequence, Equatable, Sendable, ExpressibleByDictionaryLiteral {
    /// A path and its record.
    public typealias Element = (key: RelativePath, value: ArchiveRecord)

    var table: PathTable<ArchiveRecord>

    /// No records.
    public init() {
        table = PathTable([])
    }

    /// The records, each under its own path; for a path given twice, the first counts.
    public init(_ records: [ArchiveRecord]) {
        table = PathTable(records)
    }

    /// Records under their own paths: `[record.path: record]`.
    /// - Precondition: each key is its record's path.
    public init(dictionaryLiteral elements: (RelativePath, ArchiveRecord)...) {
        precondition(elements.allSatisfy { $0.0 == $0.1.path }, "a record is kept under its own path")
        table = PathTable(elements.map(\.1))
    }

    /// The record of `path`, or nil. A record set here must be `path`'s own.
    public subscript(path: RelativePath) -> ArchiveRecord? {
        get { table[path] }
        set { table[path] = newValue }
    }

    /// Sets or removes the record of each path in `updates`, in order (see ``PathTable/update(_:)``).
    mutating func update(_ updates: [(path: RelativePath, value: ArchiveRecord?)]) {
        table.update(updates)
    }

    /// How many paths are recorded.
    public var count: Int { table.count }
    /// Whether no path is recorded.
    public var isEmpty: Bool { table.isEmpty }
    /// The records, in path order.
    public var values: [ArchiveRecord] { table.values }
    /// The recorded paths, in order.
    public var keys: some Sequence<RelativePath> { table.keys }

    /// The paths and their records, in path order.
    public func makeIterator() -> some IteratorProtocol<Element> {
        table.makeIterator()
    }
}
