import FileAccessorContract
import FileAccessorMock
import Foundation
import InMemorySupport
import Testing

@Suite("MockFileAccessor passes the file accessor contract")
struct MockFileAccessorContractTests {
    @Test("contract case", arguments: FileAccessorContract.cases)
    func contract(_ check: FileAccessorContractCase) throws {
        let world = MockWorld()
        let root = URL(filePath: "/contract/root", directoryHint: .isDirectory)
        try world.withTree { try $0.makeDirectory(at: PathKey(root), intermediate: true) }
        let fixture = FileAccessorContractFixture(
            accessor: MockFileAccessor(world: world, readLimit: 1 << 20), root: root,
            makeDirectory: { url in try world.withTree { try $0.makeDirectory(at: PathKey(url)) } },
            listDirectory: { url in
                try world.withTree { try $0.childNames(of: PathKey(url)) }.map { String(decoding: $0, as: UTF8.self) }
            },
            makeSymbolicLink: { url, target in
                try world.withTree { try $0.makeSymbolicLink(at: PathKey(url), target: target) }
            },
            readLimit: 1 << 20)
        try check.verify(fixture)
    }
}
