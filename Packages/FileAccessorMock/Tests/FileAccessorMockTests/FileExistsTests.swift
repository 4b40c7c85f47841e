import FileAccessorInterface
import FileAccessorMock
import Foundation
import InMemorySupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("fileExists and folder-only paths on the MockFileAccessor")
struct FileExistsTests {
    let world = MockWorld()
    let a = URL(filePath: "/a")

    @Test("fileExists is no mutation: it still answers while the world is crashed")
    func answersWhileCrashed() throws {
        let mock = MockFileAccessor(world: world)
        try mock.write(Data("1".utf8), to: a)
        world.crash(atMutation: 2)
        #expect(throws: MockCrash(step: 2)) { try mock.write(Data("2".utf8), to: URL(filePath: "/b")) }
        #expect(mock.fileExists(at: a))
    }

    @Test("a fault aimed at fileExists makes it answer false for a file that exists")
    func faultAnswersFalse() throws {
        let mock = MockFileAccessor(world: world)
        try mock.write(Data("1".utf8), to: a)
        world.inject(Fault(CocoaError(.fileReadNoPermission), operation: .fileExists, path: a))
        #expect(!mock.fileExists(at: a))
    }

    @Test("fileExists looks a path up as written: a space in it is not percent-encoded")
    func plainPath() throws {
        let mock = MockFileAccessor(world: world)
        let file = URL(filePath: "/with space/c.json")
        try world.withTree { try $0.makeDirectory(at: PathKey(path: "/with space"), intermediate: true) }
        try mock.write(Data("1".utf8), to: file)
        #expect(mock.fileExists(at: file))
    }

    @Test("a write to link/. with the link on a folder is EISDIR, as open(O_CREAT) says on disk")
    func writeIntoLinkedFolderDot() throws {
        let mock = MockFileAccessor(world: world)
        try world.withTree { tree in
            try tree.makeDirectory(at: PathKey(path: "/d"), intermediate: true)
            try tree.makeSymbolicLink(at: PathKey(path: "/l"), target: "/d")
        }
        #expect(throws: FileAccessError.cocoaError(errno: EISDIR, path: "/l/.", during: .write)) {
            try mock.write(Data("1".utf8), to: URL(filePath: "/l/."))
        }
    }
}
