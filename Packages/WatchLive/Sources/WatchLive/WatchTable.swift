/// Which watch descriptor watches which folder, by the folder's path relative to the root (raw
/// bytes, `/` between components; empty for the root).
struct WatchTable {
    private(set) var paths: [Int32: [UInt8]] = [:]

    var count: Int { paths.count }

    func path(of descriptor: Int32) -> [UInt8]? { paths[descriptor] }

    mutating func set(_ descriptor: Int32, _ path: [UInt8]) { paths[descriptor] = path }

    mutating func remove(_ descriptor: Int32) { paths.removeValue(forKey: descriptor) }

    /// Removes and returns the descriptors of `path` and every folder below it.
    mutating func removeSubtree(_ path: [UInt8]) -> [Int32] {
        let removed = paths.filter { Self.isWithin($0.value, path) }.map(\.key)
        for descriptor in removed { paths.removeValue(forKey: descriptor) }
        return removed
    }

    /// Whether `path` is `folder` or lies below it, component-wise.
    static func isWithin(_ path: [UInt8], _ folder: [UInt8]) -> Bool {
        if folder.isEmpty { return true }
        guard path.starts(with: folder) else { return false }
        return path.count == folder.count || path[folder.count] == UInt8(ascii: "/")
    }

    /// `folder` joined with `name` (either may be empty).
    static func join(_ folder: [UInt8], _ name: [UInt8]) -> [UInt8] {
        if name.isEmpty { return folder }
        return folder.isEmpty ? name : folder + [UInt8(ascii: "/")] + name
    }
}
