import FileTreeContract
import FileTreeInterface
import Foundation

extension SideContract {
    static let changingCases: [SideContractCase] = [
        SideContractCase(
            name: "a side makes, moves, re-moulds and removes entries with the tree errors, and flush keeps them",
            check: changesItsTree)
    ]

    static func changesItsTree(_ f: SideContractFixture) throws {
        let side = try f.sides.openSide(at: f.first)
        let folder = try RelativePath("f")
        try side.makeDirectory(folder)
        try requireTreeError(.alreadyExists(folder), "makeDirectory of a taken name") { try side.makeDirectory(folder) }
        try requireTreeError(.notFound(try RelativePath("no/such")), "makeDirectory below nothing") {
            try side.makeDirectory(try RelativePath("no/such"))
        }
        let file = try f.file("f/one", in: f.first)
        let before = try requireEntry(side, file)
        try f.file("two", in: f.first)
        try requireTreeError(.alreadyExists(try RelativePath("two")), "moveItem onto a taken name") {
            try side.moveItem(file, to: try RelativePath("two"))
        }
        let moved = try RelativePath("one")
        try side.moveItem(file, to: moved)
        let after = try requireEntry(side, moved)
        try require(
            after.isUnchanged(comparedTo: before.moved(to: moved)), "a moved file became \(after), was \(before)")
        try side.setPermissions(0o4751, of: moved)
        try require(try requireEntry(side, moved).permissions == 0o751, "setPermissions did not give 0o751, masked")
        try f.file("f/inside", in: f.first)
        try requireTreeError(.folderNotEmpty(folder), "removeEmptyFolder of a full folder") {
            try side.removeEmptyFolder(folder)
        }
        try requireTreeError(.notAFolder(moved), "removeEmptyFolder of a file") { try side.removeEmptyFolder(moved) }
        try side.removeItem(try RelativePath("f/inside"))
        try side.removeEmptyFolder(folder)
        try side.removeItem(moved)
        try requireTreeError(.notFound(moved), "removeItem of nothing") { try side.removeItem(moved) }
        try side.flush()
        let left = try f.names(in: .root, of: f.first)
        try require(left == ["two"], "the root holds \(left)")
    }
}
