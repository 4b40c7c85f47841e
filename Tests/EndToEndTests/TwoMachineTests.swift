import Foundation
import Testing

/// synccli end to end: the built binary, two simulated machines, one container folder.
@Suite("synccli end to end")
struct TwoMachineTests {
    let world: World
    let alpha: Machine
    let beta: Machine
    let alphaDocs: URL
    let betaDocs: URL

    init() throws {
        world = try World()
        alpha = try Machine("alpha", in: world.root)
        beta = try Machine("beta", in: world.root)
        alphaDocs = try alpha.folder("docs")
        betaDocs = try beta.folder("docs")
    }

    @discardableResult
    func sync(_ machine: Machine, _ extra: [String] = [], expect code: Int32 = 0) throws -> CLI.Result {
        let folder = machine.name == "alpha" ? alphaDocs : betaDocs
        let result = try CLI.run(["sync", folder.path, "--container", world.container.path] + extra, as: machine)
        #expect(result.code == code, "exit \(result.code): \(result.err)")
        return result
    }

    @Test("a first sync with no configuration uses the default container and creates it")
    func defaultContainer() throws {
        try write("hello", to: alphaDocs.appending(path: "a.txt"))
        let result = try CLI.run(["sync", alphaDocs.path], as: alpha)
        #expect(result.code == 0, "\(result.err)")
        let container = alpha.home.appending(path: ".local/share/synccli/container/docs")
        #expect(read(container.appending(path: "a.txt")) == "hello")
        #expect(result.out.contains("1 file copied"), "\(result.out)")
    }

    @Test("files propagate both ways, modifications follow, and a second sync touches nothing")
    func propagation() throws {
        try write("from alpha", to: alphaDocs.appending(path: "notes/a.txt"))
        try sync(alpha)
        try sync(beta)
        #expect(read(betaDocs.appending(path: "notes/a.txt")) == "from alpha")
        try write("edited on beta", to: betaDocs.appending(path: "notes/a.txt"))
        try write("new on beta", to: betaDocs.appending(path: "b.txt"))
        try sync(beta)
        try sync(alpha)
        #expect(World.files(in: alphaDocs) == World.files(in: betaDocs))
        #expect(read(alphaDocs.appending(path: "notes/a.txt")) == "edited on beta")
        let before = world.fingerprint()
        let again = try sync(alpha, ["--json"])
        #expect(again.out.contains("\"copied\" : 0"))
        #expect(world.fingerprint() == before)
    }

    @Test("a deletion propagates into the trash, and the version comes back from it")
    func deletionAndRestore() throws {
        try write("keep me", to: alphaDocs.appending(path: "important.txt"))
        try write("other", to: alphaDocs.appending(path: "other.txt"))
        try write("third", to: alphaDocs.appending(path: "third.txt"))
        try sync(alpha)
        try sync(beta)
        try FileManager.default.removeItem(at: betaDocs.appending(path: "important.txt"))
        try sync(beta)
        try sync(alpha)
        #expect(!FileManager.default.fileExists(atPath: alphaDocs.appending(path: "important.txt").path))
        let list = try CLI.run(["trash", "list", alphaDocs.path, "--container", world.container.path], as: alpha)
        #expect(list.code == 0 && list.out.contains("important.txt"), "\(list.out) \(list.err)")
        let restore = try CLI.run(
            ["trash", "restore", alphaDocs.path, "important.txt", "--container", world.container.path], as: alpha)
        #expect(restore.code == 0, "\(restore.err)")
        try sync(alpha)
        try sync(beta)
        #expect(read(betaDocs.appending(path: "important.txt")) == "keep me")
    }

    @Test("a mass deletion allowed on alpha is carried out on beta without the flag; one nobody allowed stops beta")
    func approvedDeletionTravels() throws {
        for index in 0..<10 { try write("file \(index)", to: alphaDocs.appending(path: "f\(index).txt")) }
        try sync(alpha)
        try sync(beta)
        for index in 0..<8 { try FileManager.default.removeItem(at: alphaDocs.appending(path: "f\(index).txt")) }
        let refused = try sync(alpha, expect: 3)
        #expect(refused.err.contains("allow it with --max-delete 80"), "\(refused.err)")
        let approving = try sync(alpha, ["--max-delete", "80"])
        #expect(approving.out.contains("recorded 8 deletions as approved"), "\(approving.out)")
        let carried = try sync(beta)
        #expect(carried.out.contains("carrying out deletions approved by alpha at "), "\(carried.out)")
        #expect(World.files(in: betaDocs).keys.sorted() == ["f8.txt", "f9.txt"])
        // Another tool empties the container's copy (its marker stays): nobody approved that.
        for index in 0..<2 { try write("new \(index)", to: betaDocs.appending(path: "n\(index).txt")) }
        try sync(beta)
        try sync(alpha)
        let copy = world.container.appending(path: "docs")
        for name in ["f8.txt", "f9.txt", "n0.txt", "n1.txt"] {
            try FileManager.default.removeItem(at: copy.appending(path: name))
        }
        let stopped = try sync(beta, expect: 3)
        #expect(stopped.err.contains("allow it with --max-delete 100"), "\(stopped.err)")
        #expect(World.files(in: betaDocs).count == 4)
        try sync(alpha, expect: 3)
        #expect(World.files(in: alphaDocs).count == 4)
    }

    @Test("an edit on both machines keeps both versions")
    func editEditConflict() throws {
        try write("v0", to: alphaDocs.appending(path: "doc.txt"))
        try sync(alpha)
        try sync(beta)
        try write("alpha's edit", to: alphaDocs.appending(path: "doc.txt"))
        try write("beta's edit", to: betaDocs.appending(path: "doc.txt"))
        try sync(alpha)
        let result = try sync(beta)
        #expect(result.out.contains("conflict"))
        try sync(alpha)
        let texts = Set(World.files(in: alphaDocs).values.map { String(decoding: $0, as: UTF8.self) })
        #expect(texts.isSuperset(of: ["alpha's edit", "beta's edit"]))
        #expect(World.files(in: alphaDocs) == World.files(in: betaDocs))
        let conflicts = try CLI.run(["conflicts", alphaDocs.path], as: alpha)
        #expect(conflicts.out.contains("conflict"))
    }

    @Test("a modification beats a deletion on the other machine")
    func modifyBeatsDelete() throws {
        try write("v0", to: alphaDocs.appending(path: "doc.txt"))
        try write("x", to: alphaDocs.appending(path: "x.txt"))
        try sync(alpha)
        try sync(beta)
        try FileManager.default.removeItem(at: alphaDocs.appending(path: "doc.txt"))
        try write("beta's edit", to: betaDocs.appending(path: "doc.txt"))
        try sync(alpha)
        try sync(beta)
        try sync(alpha)
        #expect(read(alphaDocs.appending(path: "doc.txt")) == "beta's edit")
    }

    @Test("a first sync with both sides populated merges and deletes nothing")
    func firstSyncMerges() throws {
        try write("a", to: alphaDocs.appending(path: "a.txt"))
        try write("b", to: betaDocs.appending(path: "b.txt"))
        try sync(alpha)
        try sync(beta)
        try sync(alpha)
        #expect(Set(World.files(in: alphaDocs).keys) == ["a.txt", "b.txt"])
        #expect(World.files(in: alphaDocs) == World.files(in: betaDocs))
    }

    @Test("a renamed folder and empty folders arrive on the other machine")
    func foldersAndRenames() throws {
        for index in 0..<5 { try write("\(index)", to: alphaDocs.appending(path: "old/\(index).txt")) }
        try FileManager.default.createDirectory(
            at: alphaDocs.appending(path: "empty/deeper"), withIntermediateDirectories: true)
        try sync(alpha)
        try sync(beta)
        #expect(World.folders(in: betaDocs).contains("empty/deeper"))
        try FileManager.default.moveItem(at: alphaDocs.appending(path: "old"), to: alphaDocs.appending(path: "new"))
        try FileManager.default.removeItem(at: alphaDocs.appending(path: "empty/deeper"))
        let result = try sync(alpha)
        #expect(result.out.contains("1 rename"), "\(result.out)")
        try sync(beta)
        #expect(Set(World.files(in: betaDocs).keys) == Set((0..<5).map { "new/\($0).txt" }))
        #expect(!World.folders(in: betaDocs).contains("empty/deeper"))
    }

    @Test("a dry run changes nothing at all")
    func dryRun() throws {
        try write("a", to: alphaDocs.appending(path: "a.txt"))
        try sync(alpha)
        try write("b", to: alphaDocs.appending(path: "b.txt"))
        let before = world.fingerprint()
        let result = try sync(alpha, ["--dry-run"])
        #expect(result.out.contains("  local → container: copy b.txt (created on the local side)"), "\(result.out)")
        #expect(world.fingerprint() == before)
    }

    @Test("read-only commands create nothing on disk: not even the state folder of a fresh HOME")
    func readOnlyCreatesNothing() throws {
        let fresh = try Machine("fresh", in: world.root)
        let docs = world.root.appending(path: "fresh-docs", directoryHint: .isDirectory)
        try write("a", to: docs.appending(path: "a.txt"))
        let before = world.fingerprint()
        let commands = [
            ["status", docs.path, "--container", world.container.path], ["status"], ["pairs"], ["container", "show"],
            ["sync", docs.path, "--dry-run", "--container", world.container.path], ["sync", "--dry-run"],
        ]
        for arguments in commands {
            let result = try CLI.run(arguments, as: fresh)
            #expect(result.code == 0 || arguments == ["container", "show"], "\(arguments): \(result.err)")
        }
        #expect(world.fingerprint() == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: fresh.home.path) == [])
    }

    @Test("modification times are kept to the nanosecond")
    func modificationTimes() throws {
        let file = alphaDocs.appending(path: "dated.txt")
        try write("old", to: file)
        let date = Date(timeIntervalSince1970: 1_500_000_000.123456)
        try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: file.path)
        try sync(alpha)
        try sync(beta)
        let copied = try FileManager.default.attributesOfItem(atPath: betaDocs.appending(path: "dated.txt").path)
        let original = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect(copied[.modificationDate] as? Date == original[.modificationDate] as? Date)
    }

    @Test("Unicode and odd names survive, and NFC and NFD names stay two files")
    func oddNames() throws {
        let names = [
            "caf\u{E9}.txt", "cafe\u{301}.txt", "space name.txt", "emoji \u{1F600}.txt", "-dash", "#hash",
            "quote'\".txt",
        ]
        for name in names { try write(name, to: alphaDocs.appending(path: name)) }
        try sync(alpha)
        try sync(beta)
        // Compare as a list: a [String: _] would merge the NFC and NFD names.
        let listed = try FileManager.default.contentsOfDirectory(atPath: betaDocs.path).filter {
            !$0.hasPrefix(".synccli")
        }
        #expect(listed.count == names.count)
        for name in names { #expect(read(betaDocs.appending(path: name)) == name) }
    }

    @Test("a 64 MiB file arrives byte for byte")
    func largeFile() throws {
        var bytes = [UInt8](repeating: 0, count: 64 << 20)
        var state: UInt32 = 12345
        for index in stride(from: 0, to: bytes.count, by: 4096) {
            state = state &* 1_664_525 &+ 1_013_904_223
            bytes[index] = UInt8(truncatingIfNeeded: state)
        }
        let data = Data(bytes)
        try data.write(to: alphaDocs.appending(path: "big.bin"))
        try sync(alpha)
        try sync(beta)
        #expect(FileManager.default.contents(atPath: betaDocs.appending(path: "big.bin").path) == data)
    }
}
