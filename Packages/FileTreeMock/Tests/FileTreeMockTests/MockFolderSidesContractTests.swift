import FileTreeInterface
import FileTreeMock
import Foundation
import InMemorySupport
import SideContract
import Testing

@Suite("MockFolderSides passes the side contract on the in-memory world")
struct MockFolderSidesContractTests {
    static let first = URL(filePath: "/sides/first", directoryHint: .isDirectory)
    static let second = URL(filePath: "/sides/second", directoryHint: .isDirectory)

    @Test("side contract case", arguments: SideContract.cases)
    func contract(_ check: SideContractCase) throws {
        let world = MockWorld()
        try world.withTree { tree in
            try tree.makeDirectory(at: PathKey(Self.first), intermediate: true)
            try tree.makeDirectory(at: PathKey(Self.second), intermediate: true)
        }
        try check.verify(
            SideContractFixture(
                sides: MockFolderSides(world: world), first: Self.first, second: Self.second,
                makeFile: { url, bytes, modified, permissions in
                    try world.withTree {
                        try $0.writeFile(
                            bytes, at: PathKey(url), permissions: permissions, modificationNanoseconds: modified)
                    }
                },
                makeFolder: { url in try world.withTree { try $0.makeDirectory(at: PathKey(url)) } },
                makeSymbolicLink: { url, target in
                    try world.withTree { try $0.makeSymbolicLink(at: PathKey(url), target: target) }
                },
                readFile: { url in try world.withTree { try $0.readFile(at: PathKey(url)) } },
                listFolder: { url in
                    try world.withTree { try $0.childNames(of: PathKey(url)) }.map {
                        String(decoding: $0, as: UTF8.self)
                    }
                }))
    }

    @Test("a move the world refuses with EXDEV is crossDevice on a side")
    func crossDevice() throws {
        let world = MockWorld()
        try world.withTree { try $0.makeDirectory(at: PathKey(Self.first), intermediate: true) }
        let side = try MockFolderSides(world: world).openSide(at: Self.first)
        let path = try RelativePath("f")
        try world.withTree { try $0.writeFile(Data("x".utf8), at: PathKey(Self.first.appending(path: "f"))) }
        world.inject(Fault(TreeError.io(path: path, code: EXDEV, message: "cross-device link"), operation: .moveItem))
        #expect(throws: TreeError.crossDevice(path)) { try side.moveItem(path, to: try RelativePath("g")) }
    }
}
