import FileAccessorInterface
import FileAccessorMock
import Foundation
import InMemorySupport
import Testing

@Suite("Faults on the MockFileAccessor")
struct FaultTests {
    let world = MockWorld()
    let a = URL(filePath: "/a")
    let b = URL(filePath: "/b")

    @Test("a fault on the third write fails that write only, once")
    func nthCallOnce() throws {
        let mock = MockFileAccessor(world: world)
        world.inject(Fault(CocoaError(.fileWriteOutOfSpace), operation: .write, onCall: 3, repeats: .once))
        try mock.write(Data("1".utf8), to: a)
        try mock.write(Data("2".utf8), to: a)
        #expect(throws: CocoaError(.fileWriteOutOfSpace)) { try mock.write(Data("3".utf8), to: a) }
        try mock.write(Data("4".utf8), to: a)
        #expect(try mock.read(from: a) == Data("4".utf8))
    }

    @Test("a fault on one path leaves other paths alone, always")
    func perPathAlways() throws {
        let mock = MockFileAccessor(world: world)
        mock.files = [a: Data("a".utf8), b: Data("b".utf8)]
        world.inject(Fault(CocoaError(.fileReadNoPermission), operation: .read, path: a))
        for _ in 0..<3 {
            #expect(throws: CocoaError(.fileReadNoPermission)) { try mock.read(from: a) }
        }
        #expect(try mock.read(from: b) == Data("b".utf8))
    }

    @Test("a crash stops every later write and keeps the files as they were")
    func crash() throws {
        let mock = MockFileAccessor(world: world)
        world.crash(atMutation: 2)
        try mock.write(Data("1".utf8), to: a)
        #expect(throws: MockCrash(step: 2)) { try mock.write(Data("2".utf8), to: b) }
        #expect(throws: MockCrash(step: 2)) { try mock.write(Data("3".utf8), to: a) }
        #expect(try mock.read(from: a) == Data("1".utf8))
        #expect(!mock.fileExists(at: b))
        world.restart()
        try mock.write(Data("2".utf8), to: b)
        #expect(try mock.read(from: b) == Data("2".utf8))
    }

    @Test("two accessors on one world share files and one journal")
    func sharedWorld() throws {
        let writer = MockFileAccessor(world: world)
        let reader = MockFileAccessor(world: world)
        try writer.write(Data("shared".utf8), to: a)
        #expect(try reader.read(from: a) == Data("shared".utf8))
        #expect(world.journal.map(\.operation) == [.write, .read])
    }
}
