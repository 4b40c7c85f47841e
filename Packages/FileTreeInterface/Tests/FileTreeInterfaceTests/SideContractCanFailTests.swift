import FileTreeContract
import FileTreeInterface
import Foundation
import SideContract
import Synchronization
import Testing

/// Proves the side contract can fail: folder sides over the sloppy tree, with documents that
/// follow links and read folders as empty, are caught case by case.
@Suite("The side contract catches wrong sides")
struct SideContractCanFailTests {
    @Test(
        "sloppy sides fail every case they get wrong",
        arguments: [
            "a side lists what is below its root, sorted, links unfollowed, and entry(at: .root) is its folder",
            "a side makes, moves, re-moulds and removes entries with the tree errors, and flush keeps them",
            "documents: none is nil, a write reads back and replaces whole, a link or folder at the name is refused",
            "a copy within a side, across two sides and from a side of another kind keeps bytes, time and mode",
            "a copy whose source differs from expected is sourceChanged, by either path, leaving no temporary",
            "capabilities are honest: atomic rename never replaces, set times are kept, identity kinds hold",
        ])
    func sloppy(caseName: String) throws {
        let check = try #require(SideContract.cases.first { $0.name == caseName })
        #expect(throws: ContractViolation.self) { try check.verify(Self.sloppyFixture()) }
    }

    @Test("sloppy sides still pass a case they get right, so the failures above are specific")
    func passesOthers() throws {
        let check = try #require(SideContract.cases.first { $0.name.hasPrefix("streamed reads give") })
        try check.verify(Self.sloppyFixture())
    }

    @Test("case names are unique")
    func uniqueNames() {
        let names = SideContract.cases.map(\.name)
        #expect(Set(names).count == names.count)
    }

    static func sloppyFixture() -> SideContractFixture {
        let tree = SloppyTree()
        let sides = FolderSides(scanner: tree, mutator: tree, copier: tree, documents: SloppyDocuments(tree: tree))
        return SideContractFixture(
            sides: sides, first: URL(filePath: "/src", directoryHint: .isDirectory),
            second: URL(filePath: "/dst", directoryHint: .isDirectory),
            makeFile: { url, data, time, permissions in
                tree.put(SloppyTree.Node(kind: .file, data: data, time: time, permissions: permissions), at: url.path)
            },
            makeFolder: { url in tree.put(SloppyTree.Node(kind: .directory), at: url.path) },
            makeSymbolicLink: { url, target in
                tree.put(SloppyTree.Node(kind: .symbolicLink, target: target), at: url.path)
            },
            readFile: { url in
                guard let data = tree.nodes.withLock({ $0[url.path]?.data }) else { throw TreeError.notFound(.root) }
                return data
            },
            listFolder: { url in
                let prefix = url.path.hasSuffix("/") ? url.path : url.path + "/"
                return tree.nodes.withLock { nodes in
                    nodes.keys.filter { $0.hasPrefix(prefix) && !$0.dropFirst(prefix.count).contains("/") }
                        .map { String($0.dropFirst(prefix.count)) }
                }
            })
    }
}

/// Sloppy on purpose: follows a link to its target's bytes and reads a folder as empty.
private struct SloppyDocuments: DocumentStoring {
    let tree: SloppyTree

    func readDocument(named name: String, in root: URL) throws -> Data? {
        let key = tree.key(try RelativePath(components: [name]), root)
        guard let node = tree.nodes.withLock({ $0[key] }) else { return nil }
        if node.kind == .symbolicLink, let target = node.target { return tree.nodes.withLock { $0[target]?.data } }
        return node.data
    }

    func writeDocument(_ data: Data, named name: String, in root: URL) throws {
        tree.put(SloppyTree.Node(kind: .file, data: data), at: tree.key(try RelativePath(components: [name]), root))
    }
}
