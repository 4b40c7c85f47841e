import FileTreeInterface

/// The results of a batch filled in by several threads, each index once.
final class Results: Sendable {
    private let slots: Locked<[Result<TreeEntry, TreeError>?]>

    init(count: Int) {
        slots = Locked(Array(repeating: nil, count: count))
    }

    func set(_ index: Int, _ result: Result<TreeEntry, TreeError>) {
        slots.withLock { $0[index] = result }
    }

    /// Every result in order; `missing` stands in for a slot never filled.
    func all(missing: (Int) -> Result<TreeEntry, TreeError>) -> [Result<TreeEntry, TreeError>] {
        slots.withLock { slots in slots.indices.map { slots[$0] ?? missing($0) } }
    }
}
