import FileTreeInterface
import Foundation

extension FileTreeContract {
    static let linkedRootCases: [FileTreeContractCase] = [
        FileTreeContractCase(
            name:
                "a root that is a symbolic link is refused by every call (rootUnavailable, symbolicLink), never followed",
            check: linkedRootIsRefused)
    ]

    static func linkedRootIsRefused(_ f: FileTreeContractFixture) throws {
        // The destination stands for "outside": the linked root points at it.
        let inside = try f.file("inside", in: f.destination, bytes: Data("precious".utf8), permissions: 0o640)
        let insideEntry = try requireEntry(f, inside, in: f.destination)
        let mine = try f.file("mine", in: f.source, bytes: Data("mine".utf8))
        let mineEntry = try requireEntry(f, mine, in: f.source)
        try f.link("linked", in: f.source, to: f.destination.path(percentEncoded: false))
        let new = try RelativePath("new")

        // With and without a trailing slash: "linked/" would make the kernel follow the link.
        for root in [
            f.source.appending(path: "linked", directoryHint: .isDirectory),
            f.source.appending(path: "linked", directoryHint: .notDirectory),
        ] {
            let shown = root.path(percentEncoded: false)
            try requireLinkedRoot("scan of \(shown)") { try f.scanner.scan(root: root) { _, _ in false } }
            try requireLinkedRoot("entry(at:) in \(shown)") { try f.scanner.entry(at: inside, in: root) }
            try requireLinkedRoot("entry(at: .root) of \(shown)") { try f.scanner.entry(at: .root, in: root) }
            try requireLinkedRoot("makeDirectory in \(shown)") { try f.mutator.makeDirectory(new, in: root) }
            try requireLinkedRoot("removeItem in \(shown)") { try f.mutator.removeItem(inside, in: root) }
            try requireLinkedRoot("removeEmptyFolder in \(shown)") { try f.mutator.removeEmptyFolder(inside, in: root) }
            try requireLinkedRoot("moveItem in \(shown)") { try f.mutator.moveItem(inside, to: new, in: root) }
            try requireLinkedRoot("setPermissions in \(shown)") {
                try f.mutator.setPermissions(0o777, of: inside, in: root)
            }
            try requireLinkedRoot("flush of \(shown)") { try f.mutator.flush(root) }
            try requireLinkedRoot("stageCopy into \(shown)") {
                try f.copier.stageCopy(mine, in: f.source, expected: mineEntry, to: new, in: root)
            }
            try requireLinkedRoot("stageCopy out of \(shown)") {
                try f.copier.stageCopy(inside, in: root, expected: insideEntry, to: new, in: f.source)
            }
            try requireLinkedRoot("digest in \(shown)") { try f.copier.digest(of: inside, in: root) }
        }
        try require(
            try f.names(in: .root, of: f.destination) == ["inside"], "a call through the linked root changed its target"
        )
        let after = try requireEntry(f, inside, in: f.destination)
        try require(after.permissions == 0o640, "a call through the linked root changed the target's permissions")
        try require(try f.contents(of: inside, in: f.destination) == Data("precious".utf8), "the target's file changed")
        try require(try f.names(in: .root, of: f.source) == ["linked", "mine"], "a refused call changed the source")
    }
}

/// Runs `body` and checks it throws ``TreeError/rootUnavailable(_:reason:)`` because the root is a
/// symbolic link.
private func requireLinkedRoot<T>(_ what: String, _ body: () throws -> T) throws {
    try requireTreeError(what, expecting: "rootUnavailable(reason: symbolicLink)", body) { error in
        if case .rootUnavailable(_, .symbolicLink) = error { return true }
        return false
    }
}
