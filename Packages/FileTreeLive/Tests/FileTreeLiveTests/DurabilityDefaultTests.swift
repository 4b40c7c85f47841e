import FileTreeLive
import POSIXSupport
import Testing

@Suite("Durability defaults: a mutator alone syncs each change; the sync's sides leave it to one flush")
struct DurabilityDefaultTests {
    @Test("POSIXTreeMutator() makes every change durable as it completes")
    func mutatorSyncsEachChangeByDefault() {
        #expect(POSIXTreeMutator().syncsEachChange)
        #expect(POSIXTreeMutator(syncingEachChange: true).syncsEachChange)
    }

    @Test("asked not to, it leaves durability to flush where syncfs exists, and syncs anyway where not")
    func mutatorLeavesItToFlushOnlyWhereFlushCanReachEverything() {
        #expect(POSIXTreeMutator(syncingEachChange: false).syncsEachChange == !FileDescriptor.hasFileSystemSync)
    }

    @Test("LocalFolderSides() leaves durability to the engine's flush (once per side and run)")
    func localFolderSidesFlushOncePerRun() {
        #expect(LocalFolderSides().syncsEachChange == !FileDescriptor.hasFileSystemSync)
        #expect(LocalFolderSides(syncingEachChange: true).syncsEachChange)
    }
}
