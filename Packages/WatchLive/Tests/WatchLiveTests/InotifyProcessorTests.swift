import Testing
import WatchInterface

@testable import WatchLive

#if canImport(Glibc)
    import Glibc
#endif

@Suite("InotifyProcessor: records to events, and the watches it keeps")
struct InotifyProcessorTests {
    let system = FakeInotifySystem()

    init() {
        system.set("/r", ["a/", "top.txt"])
        system.set("/r/a", ["b/"])
        system.set("/r/a/b", [])
    }

    func started() throws -> InotifyProcessor {
        var processor = InotifyProcessor(root: Array("/r".utf8), system: system)
        #expect(try processor.start().isEmpty)
        return processor
    }

    func record(_ folder: String, _ mask: UInt32, _ name: String = "") throws -> InotifyRecord {
        InotifyRecord(
            descriptor: try #require(system.descriptor(of: folder)), mask: mask, cookie: 0, name: Array(name.utf8))
    }

    @Test("start watches every folder, links and files aside")
    func start() throws {
        let processor = try started()
        #expect(processor.table.count == 3)
    }

    @Test("an IN_Q_OVERFLOW record is an overflow event, once per read, after watching the folders it may have hidden")
    func overflow() throws {
        var processor = try started()
        // Folders created while records were lost: nobody told the processor about them.
        system.set("/r/a/b", ["lost/"])
        system.set("/r/a/b/lost", ["deeper/"])
        system.set("/r/a/b/lost/deeper", [])
        let overflow = InotifyRecord(descriptor: -1, mask: InotifyMask.overflow, cookie: 0, name: [])
        let (events, ended) = processor.handle([overflow, overflow])
        #expect(events == [.overflow])
        #expect(!ended)
        #expect(processor.table.count == 5)
        let (later, _) = processor.handle([try record("/r/a/b/lost/deeper", InotifyMask.closeWrite, "f")])
        #expect(later == [.changed(path: "a/b/lost/deeper/f")])
    }

    @Test("a new folder is watched and what it already holds is reported")
    func newFolder() throws {
        var processor = try started()
        system.set("/r", ["a/", "top.txt", "new/"])
        system.set("/r/new", ["early.txt", "sub/"])
        system.set("/r/new/sub", ["deep.txt"])
        let (events, _) = processor.handle([try record("/r", InotifyMask.create | InotifyMask.isFolder, "new")])
        #expect(
            events == [
                .changed(path: "new"), .changed(path: "new/early.txt"), .changed(path: "new/sub"),
                .changed(path: "new/sub/deep.txt"),
            ])
        #expect(processor.table.count == 5)
    }

    @Test("a folder moved out loses its watches and those of its subfolders")
    func movedOut() throws {
        var processor = try started()
        let a = try #require(system.descriptor(of: "/r/a"))
        let b = try #require(system.descriptor(of: "/r/a/b"))
        let (events, _) = processor.handle([try record("/r", InotifyMask.movedFrom | InotifyMask.isFolder, "a")])
        #expect(events == [.changed(path: "a")])
        #expect(Set(system.removed) == [a, b])
        #expect(processor.table.count == 1)
        // Records of the removed watches still in the queue are dropped, not reported at a stale path.
        let stale = InotifyRecord(descriptor: b, mask: InotifyMask.create, cookie: 0, name: Array("x".utf8))
        #expect(processor.handle([stale]).events.isEmpty)
    }

    @Test("a removed folder's watch leaves the table when the kernel drops it (IN_IGNORED)")
    func removedFolder() throws {
        var processor = try started()
        let b = try record("/r/a/b", InotifyMask.deleteSelf)
        let ignored = try record("/r/a/b", InotifyMask.ignored)
        let (events, _) = processor.handle([
            try record("/r/a", InotifyMask.delete | InotifyMask.isFolder, "b"), b, ignored,
        ])
        #expect(events == [.changed(path: "a/b")])
        #expect(processor.table.count == 2)
    }

    @Test(
        "the root removed, moved or unmounted ends the watch, and nothing after it is handled",
        arguments: [InotifyMask.deleteSelf, InotifyMask.moveSelf, InotifyMask.unmount, InotifyMask.ignored])
    func rootEnds(mask: UInt32) throws {
        var processor = try started()
        let (events, ended) = processor.handle([try record("/r", mask), try record("/r", InotifyMask.create, "after")])
        #expect(ended)
        #expect(events.count == 1)
        guard case .ended = events.first else {
            Issue.record("expected ended, got \(events)")
            return
        }
    }

    @Test("a folder that cannot be watched is reported unwatched; one that vanished mid-scan is not")
    func unwatchable() throws {
        system.fail(
            "/r/a/b", InotifyFailure(code: 28, message: "inotify_add_watch: No space left on device (errno 28)"))
        var processor = InotifyProcessor(root: Array("/r".utf8), system: system)
        #expect(
            try processor.start() == [
                .unwatched(path: "a/b", reason: "inotify_add_watch: No space left on device (errno 28)")
            ])
        system.set("/r/a", ["b/", "vanished/"])
        let (events, _) = processor.handle([try record("/r/a", InotifyMask.create | InotifyMask.isFolder, "vanished")])
        #expect(events == [.changed(path: "a/vanished")])
    }

    @Test("a folder watched but not listable (permission denied) is reported unwatched")
    func unlistable() throws {
        system.failListing("/r/a/b", InotifyFailure(code: 13, message: "open: Permission denied (errno 13)"))
        var processor = InotifyProcessor(root: Array("/r".utf8), system: system)
        #expect(try processor.start() == [.unwatched(path: "a/b", reason: "open: Permission denied (errno 13)")])
    }

    @Test(
        "a folder gone while scanned (removed, or replaced by a file or a link) is not reported: its parent is",
        arguments: [ENOENT, ENOTDIR, ELOOP])
    func goneWhileScanned(code: Int32) throws {
        let gone = InotifyFailure(code: code, message: "open: gone (errno \(code))")
        system.failListing("/r/a/b", gone)
        var listing = InotifyProcessor(root: Array("/r".utf8), system: system)
        #expect(try listing.start().isEmpty, "not listable")
        system.fail("/r/a/b", gone)
        var watching = InotifyProcessor(root: Array("/r".utf8), system: system)
        #expect(try watching.start().isEmpty, "not watchable")
        #expect(InotifyProcessor.isGone(gone), "a root gone between its check and its watch is unavailable")
        #expect(!InotifyProcessor.isGone(InotifyFailure(code: EACCES, message: "")))
    }

    @Test("the root holds every path: a subtree of the root is everything")
    func rootHoldsAll() {
        #expect(WatchTable.isWithin(Array("a/b".utf8), []))
        #expect(WatchTable.isWithin([], []))
        #expect(WatchTable.isWithin(Array("a/b".utf8), Array("a".utf8)))
        #expect(!WatchTable.isWithin(Array("ab".utf8), Array("a".utf8)))
    }
}
