import Foundation
import InMemorySupport
import Synchronization
import Testing
import WatchInterface
import WatchMock

@Test("WatchMock's README: a write through the world is delivered as one change when the test says so")
func watchDeliversAWrite() throws {
    let world = MockWorld()
    let watching = MockFolderWatching(world: world)
    try world.withTree { try $0.makeDirectory(at: PathKey(path: "/home/me/Documents"), intermediate: true) }
    let seen = Mutex<[WatchEvent]>([])
    let watch = try watching.watch(URL(filePath: "/home/me/Documents")) { event in seen.withLock { $0.append(event) } }
    try world.withTree { try $0.writeFile(Data("hi".utf8), at: PathKey(path: "/home/me/Documents/a.txt")) }
    watching.deliverChanges()
    #expect(seen.withLock { $0 } == [.changed(path: "a.txt")])
    watch.stop()
}
