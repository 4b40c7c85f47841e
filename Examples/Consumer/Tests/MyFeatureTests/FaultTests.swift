import FileAccessorMock
import Foundation
import InMemorySupport
import MyFeature
import Testing

@Test("the third write fails once, as a full disk would, and the old settings stay")
func fullDiskOnce() throws {
    let world = MockWorld()
    let accessor = MockFileAccessor(world: world)
    world.inject(Fault(CocoaError(.fileWriteOutOfSpace), operation: .write, onCall: 3, repeats: .once))

    let store = SettingsStore(accessor: accessor)
    let url = URL(filePath: "/settings.json")
    try store.save(["theme": "dark"], to: url)
    try store.save(["theme": "light"], to: url)
    #expect(throws: CocoaError(.fileWriteOutOfSpace)) { try store.save(["theme": "blue"], to: url) }
    #expect(try store.load(from: url) == ["theme": "light"])
    try store.save(["theme": "blue"], to: url)
    #expect(try store.load(from: url) == ["theme": "blue"])
}
