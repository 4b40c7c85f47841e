import FileTreeContract
import FileTreeInterface
import Foundation

extension SideContract {
    static let documentCases: [SideContractCase] = [
        SideContractCase(
            name:
                "documents: none is nil, a write reads back and replaces whole, a link or folder at the name is refused",
            check: documentsRoundTrip)
    ]

    static func documentsRoundTrip(_ f: SideContractFixture) throws {
        let side = try f.sides.openSide(at: f.first)
        try require(try side.readDocument(named: "doc.json") == nil, "a missing document did not read as nil")
        try side.writeDocument(Data("first version".utf8), named: "doc.json")
        try require(
            try side.readDocument(named: "doc.json") == Data("first version".utf8),
            "a written document reads back differently")
        try side.writeDocument(Data("2".utf8), named: "doc.json")
        try require(
            try side.readDocument(named: "doc.json") == Data("2".utf8), "a rewrite did not replace the document whole")
        try require(
            try f.contents(of: try RelativePath("doc.json"), in: f.first) == Data("2".utf8),
            "the file holds other bytes")
        let names = try f.names(in: .root, of: f.first)
        try require(names == ["doc.json"], "writing documents left \(names)")
        try f.file("secret", in: f.second, bytes: Data("not yours".utf8))
        try f.link("linked", in: f.first, to: f.second.appending(path: "secret").path(percentEncoded: false))
        try requireFailure("readDocument of a symbolic link") { try side.readDocument(named: "linked") }
        try f.folder("folder", in: f.first)
        try requireFailure("readDocument of a folder") { try side.readDocument(named: "folder") }
    }
}
