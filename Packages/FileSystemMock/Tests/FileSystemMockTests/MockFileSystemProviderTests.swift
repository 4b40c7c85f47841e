import FileSystemContract
import FileSystemInterface
import FileSystemMock
import Foundation
import InMemorySupport
import Testing

@Suite("MockFileSystemProvider passes the file system contract")
struct MockFileSystemProviderContractTests {
    @Test("contract case", arguments: FileSystemContract.cases)
    func contract(_ check: FileSystemContractCase) throws {
        let world = MockWorld()
        let scratch = URL(filePath: "/scratch", directoryHint: .isDirectory)
        try world.withTree { try $0.makeDirectory(at: PathKey(scratch)) }
        let fixture = FileSystemContractFixture(
            scratch: scratch,
            makeProvider: { MockFileSystemProvider(containers: $0, world: world) },
            makeDirectory: { url in try world.withTree { try $0.makeDirectory(at: PathKey(url)) } },
            makeFile: { url in try world.withTree { try $0.writeFile(Data("x".utf8), at: PathKey(url)) } },
            remove: { url in try world.withTree { try $0.removeItem(at: PathKey(url)) } },
            exists: { url in world.withTree { $0.entry(at: PathKey(url)) != nil } },
            makeSymbolicLink: { url, target in
                try world.withTree { try $0.makeSymbolicLink(at: PathKey(url), target: target) }
            })
        try check.verify(fixture)
    }
}

@Suite("The guide's MockFileSystemProvider surface")
struct MockFileSystemProviderGuideTests {
    @Test("without a world it answers what it was given, for every purpose")
    func guideAnswer() {
        let url = URL(filePath: "/tmp/test")
        let provider = MockFileSystemProvider(containerURL: url)
        #expect(provider.containerURL(for: .sync) == url)
        #expect(provider.containerURL(for: Purpose(rawValue: "other")) == url)
    }

    @Test("nil means not available, and the container can be taken away later")
    func takeAway() {
        let provider = MockFileSystemProvider(containerURL: URL(filePath: "/c"))
        provider.containerURL = nil
        #expect(provider.containerURL(for: .sync) == nil)
        #expect(MockFileSystemProvider(containerURL: nil).containerURL(for: .sync) == nil)
    }

    @Test("calls are recorded in the journal")
    func journal() {
        let world = MockWorld()
        let provider = MockFileSystemProvider(containerURL: URL(filePath: "/c"), world: world)
        _ = provider.containerURL(for: .sync)
        #expect(world.journal.map(\.operation) == [.containerURL])
    }

    @Test("asking for the container changes nothing: it is not counted for the crash switch")
    func notAMutation() {
        let world = MockWorld()
        try? world.withTree { try $0.makeDirectory(at: PathKey(path: "/c")) }
        let provider = MockFileSystemProvider(containerURL: URL(filePath: "/c"), world: world)
        world.crash(atMutation: 1)
        #expect(provider.containerURL(for: .sync) == URL(filePath: "/c"), "a crash at the next change did not stop it")
        #expect(world.mutationCount == 0)
    }

    @Test("an injected fault reads as not available")
    func fault() {
        let world = MockWorld()
        try? world.withTree { try $0.makeDirectory(at: PathKey(path: "/c")) }
        let provider = MockFileSystemProvider(containerURL: URL(filePath: "/c"), world: world)
        world.inject(Fault(CocoaError(.fileReadUnknown), operation: .containerURL, repeats: .once))
        #expect(provider.containerURL(for: .sync) == nil)
        #expect(provider.containerURL(for: .sync) == URL(filePath: "/c"))
    }
}

@Suite("Concurrent use of one MockFileSystemProvider")
struct ConcurrentProviderTests {
    @Test("concurrent readers and a writer of the container see one of the two answers")
    func concurrentAnswers() async {
        let a = URL(filePath: "/a")
        let provider = MockFileSystemProvider(containerURL: a)
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for round in 0..<200 { provider.containerURL = round.isMultiple(of: 2) ? nil : a }
            }
            for _ in 0..<4 {
                group.addTask {
                    for _ in 0..<200 {
                        let answer = provider.containerURL(for: .sync)
                        #expect(answer == nil || answer == a)
                    }
                }
            }
        }
        #expect(provider.world.journal.count == 800)
    }
}
