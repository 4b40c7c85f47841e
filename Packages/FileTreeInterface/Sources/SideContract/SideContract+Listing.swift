import FileTreeContract
import FileTreeInterface
import Foundation

extension SideContract {
    static let listingCases: [SideContractCase] = [
        SideContractCase(
            name: "a side lists what is below its root, sorted, links unfollowed, and entry(at: .root) is its folder",
            check: listsItsRoot),
        SideContractCase(
            name: "a side opened before its root exists is rootUnavailable, and works once the folder is made",
            check: opensBeforeItsRootExists),
    ]

    static func listsItsRoot(_ f: SideContractFixture) throws {
        let side = try f.sides.openSide(at: f.first)
        try f.folder("d", in: f.first)
        try f.file("d/b", in: f.first, bytes: Data("bee".utf8), permissions: 0o600)
        try f.file("a", in: f.first)
        try f.link("l", in: f.first, to: "/etc")
        try f.folder("skip", in: f.first)
        try f.file("skip/inner", in: f.first)
        try f.file("other", in: f.second)
        let scan = try side.scan { path, _ in path.name == "skip" }
        let paths = scan.entries.map(\.path.text)
        try require(paths == ["a", "d", "d/b", "l"], "the scan listed \(paths)")
        try require(scan.problems.isEmpty, "the scan reported \(scan.problems)")
        let file = try requireEntry(side, try RelativePath("d/b"))
        try require(
            file.kind == .file && file.size == 3 && file.permissions == 0o600
                && file.modificationNanoseconds == SideContractFixture.sampleTime,
            "entry(at: d/b) is \(file)")
        let link = try requireEntry(side, try RelativePath("l"))
        try require(link.kind == .symbolicLink && link.linkTarget == "/etc", "entry(at: l) is \(link), not the link")
        try require(try side.entry(at: try RelativePath("nothing")) == nil, "entry(at:) found something at a free name")
        let root = try requireEntry(side, .root)
        try require(root.kind == .directory, "entry(at: .root) is \(root), not a folder")
    }

    static func opensBeforeItsRootExists(_ f: SideContractFixture) throws {
        let later = f.first.appending(path: "later", directoryHint: .isDirectory)
        let side = try f.sides.openSide(at: later)
        try requireTreeError(
            "scan of a root not made yet", expecting: "rootUnavailable", { try side.scan { _, _ in false } },
            matches: {
                if case .rootUnavailable = $0 { return true }
                return false
            })
        try f.folder("later", in: f.first)
        try f.file("later/x", in: f.first)
        let paths = try side.scan { _, _ in false }.entries.map(\.path.text)
        try require(paths == ["x"], "once made, the root lists \(paths)")
    }
}
