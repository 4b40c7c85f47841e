import WatchInterface

#if canImport(Glibc)
    import Glibc
#endif

/// Turns inotify records into watch events, and keeps a watch on every folder of the tree:
/// folders created or moved in are watched (and what they already hold is reported), folders
/// moved out lose their watches, an overflow rescans the whole tree for folders it missed.
///
/// Pure logic over an ``InotifySystem``: tests drive it with records the kernel rarely writes.
struct InotifyProcessor: Sendable {
    /// The root's absolute path, raw bytes, without a trailing slash.
    let root: [UInt8]
    let system: any InotifySystem & Sendable
    private(set) var table = WatchTable()
    private(set) var rootDescriptor: Int32 = -1

    init(root: [UInt8], system: any InotifySystem & Sendable) {
        self.root = root
        self.system = system
    }

    /// Watches the root and every folder below it.
    /// - Returns: the folders below that could not be watched, as events.
    /// - Throws: the failure of watching the root itself.
    mutating func start() throws(InotifyFailure) -> [WatchEvent] {
        switch system.addWatch(root) {
        case .failure(let failure): throw failure
        case .success(let descriptor):
            rootDescriptor = descriptor
            table.set(descriptor, [])
        }
        var events: [WatchEvent] = []
        scan(from: [], addingItself: false, reporting: false, into: &events)
        return events
    }

    /// Handles the records of one read.
    /// - Returns: the events to deliver, and whether the watch ended (nothing more to read).
    mutating func handle(_ records: [InotifyRecord]) -> (events: [WatchEvent], ended: Bool) {
        var events: [WatchEvent] = []
        for record in records {
            if record.mask & InotifyMask.overflow != 0 {
                // Lost records may have been folders created since: find and watch them all.
                scan(from: [], addingItself: false, reporting: false, into: &events)
                if events.last != .overflow { events.append(.overflow) }
                continue
            }
            guard let folder = table.path(of: record.descriptor) else { continue }
            let isRoot = record.descriptor == rootDescriptor
            if record.mask & InotifyMask.ignored != 0 {
                table.remove(record.descriptor)
                if isRoot {
                    events.append(.ended(reason: "the root's watch was removed"))
                    return (events, true)
                }
                continue
            }
            if isRoot, let reason = Self.endReason(record.mask) {
                events.append(.ended(reason: reason))
                return (events, true)
            }
            // A folder's own removal or move is reported by its parent, with its name.
            if record.mask & (InotifyMask.deleteSelf | InotifyMask.moveSelf) != 0 { continue }
            let path = record.name.isEmpty ? folder : WatchTable.join(folder, record.name)
            events.append(.changed(path: Self.text(path)))
            guard record.mask & InotifyMask.isFolder != 0 else { continue }
            if record.mask & InotifyMask.movedFrom != 0 {
                for descriptor in table.removeSubtree(path) { system.removeWatch(descriptor) }
            }
            if record.mask & (InotifyMask.create | InotifyMask.movedTo) != 0 {
                scan(from: path, addingItself: true, reporting: true, into: &events)
            }
        }
        return (events, false)
    }

    /// Watches `start` (when asked) and every folder below it; with `reporting`, reports every
    /// entry found, since it may have changed before its folder was watched.
    private mutating func scan(
        from start: [UInt8], addingItself: Bool, reporting: Bool, into events: inout [WatchEvent]
    ) {
        var pending: [(path: [UInt8], add: Bool)] = [(start, addingItself)]
        while let (folder, add) = pending.popLast() {
            let absolute = WatchTable.join(root, folder)
            if add {
                switch system.addWatch(absolute) {
                case .success(let descriptor): table.set(descriptor, folder)
                case .failure(let failure):
                    if !Self.isGone(failure) {
                        events.append(.unwatched(path: Self.text(folder), reason: failure.message))
                    }
                    continue
                }
            }
            switch system.listFolder(absolute) {
            case .success(let entries):
                for entry in entries {
                    let path = WatchTable.join(folder, entry.name)
                    if reporting { events.append(.changed(path: Self.text(path))) }
                    if entry.isFolder { pending.append((path, true)) }
                }
            case .failure(let failure):
                if !Self.isGone(failure) { events.append(.unwatched(path: Self.text(folder), reason: failure.message)) }
            }
        }
    }

    /// A folder that vanished or was replaced by a file or link while it was scanned (its parent
    /// reports that, nothing is missed), or a root that did between its check and its watch.
    static func isGone(_ failure: InotifyFailure) -> Bool {
        failure.code == ENOENT || failure.code == ENOTDIR || failure.code == ELOOP
    }

    private static func endReason(_ mask: UInt32) -> String? {
        if mask & InotifyMask.deleteSelf != 0 { return "the root was removed" }
        if mask & InotifyMask.moveSelf != 0 { return "the root was moved" }
        if mask & InotifyMask.unmount != 0 { return "the root's file system was unmounted" }
        return nil
    }

    /// A relative path as text (invalid UTF-8 repaired).
    static func text(_ path: [UInt8]) -> String { String(decoding: path, as: UTF8.self) }
}
