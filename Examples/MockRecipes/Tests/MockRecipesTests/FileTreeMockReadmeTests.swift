import FileTreeInterface
import FileTreeMock
import Foundation
import InMemorySupport
import Testing

@Test("FileTreeMock's README: a full disk on the second new folder, once; a crash from the fourth mutation")
func treeFaultAndCrash() throws {
    let world = MockWorld()
    let mutator = MockTreeMutator(world: world)
    let p = try RelativePath("drafts")
    world.inject(
        Fault(
            TreeError.io(path: p, code: ENOSPC, message: "full"), operation: .makeDirectory, onCall: 2, repeats: .once))
    world.crash(atMutation: 4)

    let root = URL(filePath: "/pair")
    try world.withTree { try $0.makeDirectory(at: PathKey(root)) }
    try mutator.makeDirectory(RelativePath("notes"), in: root)  // mutation 1
    #expect(throws: TreeError.io(path: p, code: ENOSPC, message: "full")) { try mutator.makeDirectory(p, in: root) }
    try mutator.makeDirectory(p, in: root)  // the fault fired once: mutation 2
    try mutator.makeDirectory(RelativePath("old"), in: root)  // mutation 3
    #expect(throws: MockCrash.self) { try mutator.makeDirectory(RelativePath("new"), in: root) }
    #expect(world.withTree { $0.entry(at: PathKey(root.appending(path: "new"))) } == nil)
}
