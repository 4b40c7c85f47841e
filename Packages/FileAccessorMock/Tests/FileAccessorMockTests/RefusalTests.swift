import FileAccessorInterface
import FileAccessorMock
import Foundation
import InMemorySupport
import Testing

@Suite("MockFileAccessor refuses links and oversized files like the Live accessor")
struct RefusalTests {
    @Test("the default read limit is the Live accessor's, 256 MiB")
    func defaultLimit() {
        #expect(MockFileAccessor().readLimit == FileReadLimit.defaultBytes)
        #expect(FileReadLimit.defaultBytes == 256 << 20)
    }

    @Test("a file written over a symbolic link gets a file's mode, not the link's 0777")
    func modeAfterReplacingLink() throws {
        let world = MockWorld()
        let link = URL(filePath: "/c/link")
        try world.withTree { tree in
            try tree.makeDirectory(at: PathKey(path: "/c"))
            try tree.makeSymbolicLink(at: PathKey(link), target: "/etc/passwd")
        }
        try MockFileAccessor(world: world).write(Data("x".utf8), to: link)
        #expect(world.withTree { $0.entry(at: PathKey(link))?.permissions } == 0o644)
    }

    @Test("a refused read is recorded as a failed call with the refusal's sentence")
    func recorded() throws {
        let mock = MockFileAccessor(readLimit: 2)
        let url = URL(filePath: "/c/big")
        mock.files[url] = Data("abc".utf8)
        #expect(throws: FileAccessRefusal.tooLarge(path: "/c/big", size: 3, limit: 2)) { try mock.read(from: url) }
        guard case .failed(let reason)? = mock.calls.last?.outcome else {
            Issue.record("expected a failed call, got \(String(describing: mock.calls.last))")
            return
        }
        #expect(reason.contains("3 bytes is over the 2 bytes limit"))
    }
}
