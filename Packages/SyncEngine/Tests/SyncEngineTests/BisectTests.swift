import FileTreeInterface
import Testing

@testable import SyncEngine

/// The after-apply lookup of a big refresh (`PathTable.bisect`, over a scan sorted by path)
/// finds every listed path and nothing else: a lookup that missed would leave every copied path
/// unrecorded, to be compared again by the next sync.
@Suite("Looking up a path in a sorted scan")
struct BisectTests {
    static func entries(_ names: [String]) throws -> [TreeEntry] {
        try names.sorted().map {
            TreeEntry(
                path: try RelativePath($0), kind: .file, size: 1, modificationNanoseconds: 0,
                identity: FileIdentity(high: 0, low: 1),
                permissions: 0o644)
        }
    }

    @Test("every listed path is found, at each position, in lists of every length up to 9")
    func findsEveryPath() throws {
        for count in 1...9 {
            let names = (0..<count).map { "f\($0)" }
            let entries = try Self.entries(names)
            for name in names {
                #expect(PathTable.bisect(entries, for: try RelativePath(name))?.path.description == name)
            }
        }
    }

    @Test("a path not listed is not found: before the first, between two, after the last, in an empty list")
    func missesAbsentPaths() throws {
        let entries = try Self.entries(["b", "d", "f"])
        for name in ["a", "c", "e", "g", "b/inner"] {
            #expect(PathTable.bisect(entries, for: try RelativePath(name)) == nil, "\(name)")
        }
        #expect(PathTable<TreeEntry>.bisect([], for: try RelativePath("a")) == nil)
    }
}
