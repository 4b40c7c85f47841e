import FileTreeInterface
import FileTreeMock
import Foundation
import InMemorySupport
import Testing

@Suite("File tree Mocks: faults, crashes, journal and one shared world", .tags(.small))
struct FaultAndJournalTests {
    let world = MockWorld()
    let root = URL(filePath: "/r", directoryHint: .isDirectory)
    let scanner: MockTreeScanner
    let mutator: MockTreeMutator
    let copier: MockFileCopier

    init() throws {
        scanner = MockTreeScanner(world: world)
        mutator = MockTreeMutator(world: world)
        copier = MockFileCopier(world: world)
        try world.withTree { tree in
            try tree.makeDirectory(at: PathKey(path: "/r"))
            try tree.writeFile(Data("source".utf8), at: PathKey(path: "/r/s"), modificationNanoseconds: 42)
        }
    }

    func path(_ text: String) throws -> RelativePath { try RelativePath(text) }

    @Test("a fault on the second copy fails that copy only, once, and leaves nothing behind")
    func copyFault() throws {
        let full = TreeError.io(path: try path("b"), code: ENOSPC, message: "No space left on device")
        world.inject(Fault(full, operation: .stageCopy, onCall: 2, repeats: .once))
        let source = try path("s")
        let expected = try #require(try scanner.entry(at: source, in: root))
        _ = try copier.copyFile(source, in: root, expected: expected, to: try path("a"), in: root)
        #expect(throws: full) { try copier.copyFile(source, in: root, expected: expected, to: try path("b"), in: root) }
        _ = try copier.copyFile(source, in: root, expected: expected, to: try path("c"), in: root)
        #expect(try scanner.scan(root: root) { _, _ in false }.entries.map(\.path.text) == ["a", "c", "s"])
    }

    @Test("a move across a mount point, as a fault, fails as the Live one does (io with EXDEV) and moves nothing")
    func crossDeviceMove() throws {
        try world.withTree { try $0.makeDirectory(at: PathKey(path: "/r/mnt")) }
        let source = try path("s")
        let crossing = TreeError.io(path: source, code: EXDEV, message: "Invalid cross-device link")
        world.inject(Fault(crossing, operation: .moveItem, path: root.appending(path: "s")))
        #expect(throws: crossing) { try mutator.moveItem(source, to: try path("mnt/s"), in: root) }
        #expect(mutator.calls.last?.operation == .moveItem)
        #expect(try names() == ["mnt", "s"])
    }

    @Test("a fault while placing one copy fails that copy only and removes its temporary file")
    func commitFault() throws {
        let source = try path("s")
        let expected = try #require(try scanner.entry(at: source, in: root))
        let staged = try ["a", "b", "c"].map {
            try copier.stageCopy(source, in: root, expected: expected, to: try path($0), in: root)
        }
        #expect(try names() == staged.map(\.temporaryName).sorted() + ["s"])
        let full = TreeError.io(path: try path("b"), code: EIO, message: "Input/output error")
        world.inject(Fault(full, operation: .commitCopy, onCall: 2, repeats: .once))
        let results = copier.commit(staged, in: root)
        #expect(results == [.success(staged[0].entry), .failure(full), .success(staged[2].entry)])
        #expect(try names() == ["a", "c", "s"])
    }

    @Test("a failed flush fails the whole batch and removes every temporary file")
    func flushFault() throws {
        let source = try path("s")
        let expected = try #require(try scanner.entry(at: source, in: root))
        let staged = try ["a", "b"].map {
            try copier.stageCopy(source, in: root, expected: expected, to: try path($0), in: root)
        }
        let failed = TreeError.io(path: try path("a"), code: EIO, message: "Input/output error")
        world.inject(Fault(failed, operation: .flushCopies, repeats: .once))
        #expect(copier.commit(staged, in: root) == [.failure(failed), .failure(failed)])
        #expect(try names() == ["s"])
    }

    @Test("a crash between staging and commit leaves the temporary file, as a killed process would")
    func crashAfterStaging() throws {
        let source = try path("s")
        let expected = try #require(try scanner.entry(at: source, in: root))
        let staged = try copier.stageCopy(source, in: root, expected: expected, to: try path("a"), in: root)
        let step = world.mutationCount + 1
        world.crash(atMutation: step)
        let crashed = TreeError.io(path: try path("a"), code: EIO, message: String(describing: MockCrash(step: step)))
        #expect(copier.commit([staged], in: root) == [.failure(crashed)])
        #expect(try names() == [staged.temporaryName, "s"])
    }

    /// The names at the root, sorted by bytes.
    func names() throws -> [String] {
        try scanner.scan(root: root) { _, _ in false }.entries.map(\.path.text).sorted {
            $0.utf8.lexicographicallyPrecedes($1.utf8)
        }
    }

    @Test("a fault by path hits only that path (a copy is matched by its destination)")
    func faultByPath() throws {
        let denied = TreeError.io(path: try path("locked"), code: EACCES, message: "Permission denied")
        world.inject(Fault(denied, path: root.appending(path: "locked")))
        let source = try path("s")
        let expected = try #require(try scanner.entry(at: source, in: root))
        #expect(throws: denied) {
            try copier.copyFile(source, in: root, expected: expected, to: try path("locked"), in: root)
        }
        #expect(throws: denied) { try mutator.makeDirectory(try path("locked"), in: root) }
        try mutator.makeDirectory(try path("open"), in: root)
        #expect(try copier.digest(of: source, in: root) == ContentDigest(of: Data("source".utf8)))
    }

    @Test("a crash stops every later change, keeps the tree as it was, and reads go on")
    func crash() throws {
        world.crash(atMutation: 2)
        try mutator.makeDirectory(try path("first"), in: root)
        #expect(throws: MockCrash(step: 2)) { try mutator.makeDirectory(try path("second"), in: root) }
        #expect(throws: MockCrash(step: 2)) { try mutator.removeItem(try path("s"), in: root) }
        let source = try path("s")
        let expected = try #require(try scanner.entry(at: source, in: root))
        #expect(throws: MockCrash(step: 2)) {
            try copier.copyFile(source, in: root, expected: expected, to: try path("c"), in: root)
        }
        #expect(try scanner.scan(root: root) { _, _ in false }.entries.map(\.path.text) == ["first", "s"])
        world.restart()
        try mutator.moveItem(source, to: try path("first/s"), in: root)
        #expect(try scanner.entry(at: try path("first/s"), in: root)?.identity == expected.identity)
    }

    @Test("every call is recorded with its operation, URL and outcome")
    func journal() throws {
        _ = try scanner.scan(root: root) { _, _ in false }
        _ = try scanner.entry(at: try path("s"), in: root)
        try mutator.makeDirectory(try path("d"), in: root)
        try mutator.moveItem(try path("s"), to: try path("d/s"), in: root)
        let moved = try #require(try scanner.entry(at: try path("d/s"), in: root))
        _ = try copier.copyFile(try path("d/s"), in: root, expected: moved, to: try path("copy"), in: root)
        _ = try copier.digest(of: try path("copy"), in: root)
        #expect(throws: TreeError.notFound(try path("gone"))) { try mutator.removeItem(try path("gone"), in: root) }

        let calls = mutator.calls
        #expect(
            calls.map(\.operation) == [
                .scan, .entry, .makeDirectory, .moveItem, .entry, .stageCopy, .flushCopies, .commitCopy, .digest,
                .removeItem,
            ])
        #expect(
            calls.map { $0.url.path } == [
                "/r", "/r/s", "/r/d", "/r/s", "/r/d/s", "/r/copy", "/r", "/r/copy", "/r/copy", "/r/gone",
            ])
        #expect(calls.dropLast().allSatisfy { $0.outcome == .succeeded })
        #expect(calls.last?.outcome != .succeeded)
        #expect(world.mutationCount == 4)
        #expect(scanner.calls == copier.calls)
    }

    @Test("every change counts toward the crash switch, as a kill between two changes would see them")
    func everyChangeCounts() throws {
        let source = try path("s")
        var counts = [world.mutationCount]
        try mutator.makeDirectory(try path("d"), in: root)
        counts.append(world.mutationCount)
        try mutator.setPermissions(0o600, of: source, in: root)
        counts.append(world.mutationCount)
        try mutator.removeEmptyFolder(try path("d"), in: root)
        counts.append(world.mutationCount)
        try mutator.moveItem(source, to: try path("t"), in: root)
        counts.append(world.mutationCount)
        try mutator.removeItem(try path("t"), in: root)
        counts.append(world.mutationCount)
        #expect(counts == [0, 1, 2, 3, 4, 5], "one count per change")
    }

    @Test("a copy staged where a leftover holds its temporary name takes the next name and keeps the leftover")
    func takenTemporaryName() throws {
        let source = try path("s")
        let expected = try #require(try scanner.entry(at: source, in: root))
        let destination = try path("copy")
        let first = try copier.stageCopy(source, in: root, expected: expected, to: destination, in: root)
        let second = try copier.stageCopy(source, in: root, expected: expected, to: destination, in: root)
        #expect(first.temporaryName != second.temporaryName)
        let names = try scanner.scan(root: root) { _, _ in false }.entries.map(\.path.text)
        #expect(names.filter { $0.hasPrefix(".synccli-tmp") }.count == 2, "\(names)")
        let streamed = try copier.stageWrite(to: destination, in: root, entry: expected) { write in
            try copier.read(source, in: root, expected: expected, into: write)
        }
        #expect(![first.temporaryName, second.temporaryName].contains(streamed.temporaryName))
    }

    @Test("excluding runs outside the world's lock, so it may call the world itself")
    func excludingMayCallTheWorld() throws {
        try mutator.makeDirectory(try path("d"), in: root)
        let scan = try scanner.scan(root: root) { path, _ in
            (try? scanner.entry(at: path, in: root))?.kind == .directory
        }
        #expect(scan.entries.map(\.path.text) == ["s"])
    }

    @Test("a name that is not valid UTF-8 is a problem of its folder and is skipped")
    func invalidName() throws {
        try world.withTree { tree in
            try tree.makeDirectory(at: PathKey(path: "/r/d"))
            try tree.writeFile(Data(), at: PathKey(path: "/r/d").appending([0x62, 0xFF]))
            try tree.writeFile(Data(), at: PathKey(path: "/r/d/ok"))
        }
        let scan = try scanner.scan(root: root) { _, _ in false }
        #expect(scan.entries.map(\.path.text) == ["d", "d/ok", "s"])
        #expect(scan.problems.map(\.path.text) == ["d"])
        #expect(scan.problems.map(\.extent) == [.nameInFolder], "only the name is unknown, not its folder")
        let excluded = try scanner.scan(root: root) { path, _ in path.name == "d" }
        #expect(excluded.entries.map(\.path.text) == ["s"])
        #expect(excluded.problems.isEmpty)
    }

    @Test("the three Mocks on one world see one tree; a fresh Mock has a world of its own")
    func sharedWorld() throws {
        try mutator.makeDirectory(try path("made"), in: root)
        #expect(try scanner.entry(at: try path("made"), in: root)?.kind == .directory)
        #expect(throws: TreeError.self) { try MockTreeScanner().scan(root: root) { _, _ in false } }
    }
}
