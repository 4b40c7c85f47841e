import FileAccessorMock
import Foundation
import InMemorySupport
import Testing

@Test("InMemorySupport's README: faults, a crash switch, and a call of one's own through the world")
func worldFaultsAndCrash() throws {
    let world = MockWorld()
    let url = URL(filePath: "/notes.txt")
    try MockFileAccessor(world: world).write(Data("hello".utf8), to: url)
    world.inject(Fault(CocoaError(.fileWriteOutOfSpace), operation: .write, onCall: 3))
    world.crash(atMutation: 5)  // the fifth mutating call and every later one throw MockCrash
    let data = try world.perform(.read, url: url, mutates: false) { try $0.readFile(at: PathKey(url)) }

    #expect(data == Data("hello".utf8))
    let accessor = MockFileAccessor(world: world)
    try accessor.write(Data("2".utf8), to: url)  // mutation 2, write 1 since the fault
    try accessor.write(Data("3".utf8), to: url)  // mutation 3, write 2
    #expect(throws: CocoaError(.fileWriteOutOfSpace)) { try accessor.write(Data("4".utf8), to: url) }
    #expect(throws: CocoaError(.fileWriteOutOfSpace)) { try accessor.write(Data("5".utf8), to: url) }
    #expect(try accessor.read(from: url) == Data("3".utf8))
}
