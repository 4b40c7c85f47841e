import FileTreeInterface
import Foundation

extension FileTreeContract {
    static let confinementCases: [FileTreeContractCase] = [
        FileTreeContractCase(
            name: "every call through a symbolic link on the way is refused and touches nothing outside the root",
            check: linksOnTheWayAreRefused)
    ]

    static func linksOnTheWayAreRefused(_ f: FileTreeContractFixture) throws {
        // The destination stands for "outside": the source's links point into it.
        let victim = try f.file("victim", in: f.destination, bytes: Data("precious".utf8))
        let dir = try f.folder("dir", in: f.destination)
        let victimEntry = try requireEntry(f, victim, in: f.destination)
        let root = f.source
        let mine = try f.file("mine", in: root, bytes: Data("mine".utf8))
        let mineEntry = try requireEntry(f, mine, in: root)
        try f.link("escape", in: root, to: f.destination.path(percentEncoded: false))
        try f.link("up", in: root, to: "../" + f.destination.lastPathComponent)
        try f.folder("real", in: root)
        try f.link("real/loop", in: root, to: "..")

        for link in ["escape", "up"] {
            let through = { (name: String) in try RelativePath("\(link)/\(name)") }
            try requireRefusal("entry(at:) through \(link)") { try f.scanner.entry(at: through("victim"), in: root) }
            try requireRefusal("makeDirectory through \(link)") {
                try f.mutator.makeDirectory(through("new"), in: root)
            }
            try requireRefusal("removeItem of a file through \(link)") {
                try f.mutator.removeItem(through("victim"), in: root)
            }
            try requireRefusal("removeItem of a folder through \(link)") {
                try f.mutator.removeItem(through("dir"), in: root)
            }
            try requireRefusal("moveItem out through \(link)") {
                try f.mutator.moveItem(through("victim"), to: try RelativePath("stolen"), in: root)
            }
            try requireRefusal("moveItem in through \(link)") {
                try f.mutator.moveItem(mine, to: through("planted"), in: root)
            }
            try requireRefusal("copyFile to a destination through \(link)") {
                try f.copier.copyFile(mine, in: root, expected: mineEntry, to: through("copied"), in: root)
            }
            try requireRefusal("copyFile from a source through \(link)") {
                try f.copier.copyFile(
                    through("victim"), in: root, expected: victimEntry, to: try RelativePath("stolen"), in: root)
            }
            try requireRefusal("digest through \(link)") { try f.copier.digest(of: through("victim"), in: root) }
        }
        try requireRefusal("entry(at:) through a link deeper down") {
            try f.scanner.entry(at: try RelativePath("real/loop/mine"), in: root)
        }
        try requireRefusal("removeItem through a link deeper down") {
            try f.mutator.removeItem(try RelativePath("real/loop/mine"), in: root)
        }

        // A link as the last component is an entry of its own: removing it leaves its target.
        try f.mutator.removeItem(try RelativePath("escape"), in: root)
        try require(
            try f.names(in: .root, of: f.destination) == ["dir", "victim"], "something changed outside the root")
        try require(try f.names(in: dir, of: f.destination).isEmpty, "something was created outside the root")
        try require(try f.contents(of: victim, in: f.destination) == Data("precious".utf8), "the file outside changed")
        try require(try f.names(in: .root, of: root) == ["mine", "real", "up"], "the root changed unexpectedly")
        try require(try f.contents(of: mine, in: root) == Data("mine".utf8), "mine changed")
    }
}
