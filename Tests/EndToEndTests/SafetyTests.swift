import Foundation
import Testing

/// synccli's guards and bad inputs: one clear line, the documented exit code, nothing lost.
@Suite("synccli refuses what is unsafe and explains bad input")
struct SafetyTests: OneMachineSuite {
    let scene: OneMachine

    init() throws {
        scene = try OneMachine()
    }

    func run(_ arguments: [String]) throws -> CLI.Result {
        try CLI.run(arguments, as: alpha)
    }

    func synced(files: Int = 4) throws {
        for index in 0..<files { try write("file \(index)", to: docs.appending(path: "f\(index).txt")) }
        let result = try run(["sync", docs.path, "--container", world.container.path])
        #expect(result.code == 0, "\(result.err)")
    }

    /// One line on standard error, naming what went wrong.
    func expectOneLine(
        _ result: CLI.Result, code: Int32, mentioning text: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(result.code == code, "exit \(result.code): \(result.err)", sourceLocation: sourceLocation)
        let lines = result.err.split(separator: "\n")
        #expect(lines.count == 1, "expected one line, got \(result.err)", sourceLocation: sourceLocation)
        #expect(result.err.contains(text), "\(result.err)", sourceLocation: sourceLocation)
        #expect(!result.err.contains("Fatal error") && !result.err.contains("Stack"), sourceLocation: sourceLocation)
    }

    @Test(
        "usage errors exit 2 with one line",
        arguments: [
            (["frobnicate"], "unknown command"),
            (["sync", "--bogus"], "unknown option"),
            (["sync", "--policy", "random"], "--policy"),
            (["sync", "--max-delete", "200"], "--max-delete"),
            (["plan"], "needs"),
            (["apply"], "needs"),
            (["trash"], "subcommand"),
        ])
    func usage(arguments: [String], message: String) throws {
        expectOneLine(try run(arguments), code: 2, mentioning: message)
    }

    @Test("help and version work for every command")
    func help() throws {
        let overview = try run(["--help"])
        #expect(overview.code == 0 && overview.out.contains("exit codes"))
        for command in ["sync", "plan", "apply", "status", "pairs", "conflicts", "trash", "container"] {
            let result = try run([command, "--help"])
            #expect(result.code == 0 && result.out.contains("synccli \(command)"), "\(command): \(result.err)")
        }
        #expect(try run(["--version"]).out.hasPrefix("synccli "))
    }

    @Test("a missing folder exits 3 and a file in its place too")
    func missingFolder() throws {
        expectOneLine(
            try run(["sync", docs.appending(path: "nope").path, "--container", world.container.path]),
            code: 3, mentioning: "missing or not a folder")
        try write("x", to: docs.appending(path: "file"))
        expectOneLine(
            try run(["sync", docs.appending(path: "file").path, "--container", world.container.path]),
            code: 3, mentioning: "not a folder")
    }

    @Test("an explicit container that does not exist exits 4 and is never created")
    func missingContainer() throws {
        let absent = world.root.appending(path: "unmounted")
        expectOneLine(try run(["sync", docs.path, "--container", absent.path]), code: 4, mentioning: "not available")
        #expect(!FileManager.default.fileExists(atPath: absent.path))
        let json = try run(["sync", docs.path, "--container", absent.path, "--json"])
        #expect(json.code == 4)
        #expect(json.out.contains("\"exitCode\" : 4") && json.out.contains("\"error\""), "\(json.out)")
    }

    @Test("a container emptied as if unmounted exits 3 and the local folder is untouched")
    func emptiedContainer() throws {
        try synced()
        try FileManager.default.removeItem(at: world.container.appending(path: "docs"))
        let before = World.files(in: docs)
        expectOneLine(
            try run(["sync", docs.path, "--container", world.container.path]), code: 3, mentioning: "root marker")
        #expect(World.files(in: docs) == before)
    }

    @Test("too many deletions exit 3; --max-delete 100 lets them through")
    func maxDelete() throws {
        try synced(files: 10)
        for index in 0..<8 { try FileManager.default.removeItem(at: docs.appending(path: "f\(index).txt")) }
        expectOneLine(try run(["sync", docs.path, "--container", world.container.path]), code: 3, mentioning: "limit")
        #expect(World.files(in: world.container.appending(path: "docs")).count == 10)
        let allowed = try run(["sync", docs.path, "--container", world.container.path, "--max-delete", "100"])
        #expect(allowed.code == 0, "\(allowed.err)")
        #expect(World.files(in: world.container.appending(path: "docs")).count == 2)
    }

    @Test(
        "a symbolic link pointing out of the root is never followed or copied, and reported on standard error (exit 1)")
    func symlinkOut() throws {
        let secret = try alpha.folder("secret")
        try write("do not copy", to: secret.appending(path: "key.txt"))
        try FileManager.default.createSymbolicLink(at: docs.appending(path: "escape"), withDestinationURL: secret)
        try write("a", to: docs.appending(path: "a.txt"))
        let result = try run(["sync", docs.path, "--container", world.container.path])
        #expect(result.code == 1, "\(result.err)")
        #expect(
            result.err.contains("not synced") && result.err.contains("escape") && result.err.contains("symbolic link"))
        let status = try run(["status", docs.path, "--container", world.container.path])
        #expect(status.out.contains("1 path not synced") && !status.out.contains("in sync"), "\(status.out)")
        let everything = World.files(in: world.container, includingOwn: true)
        #expect(!everything.values.contains(Data("do not copy".utf8)))
    }

    @Test("a pair folder in the container that is a symbolic link is refused (exit 3), and nothing goes through it")
    func linkedPairFolder() throws {
        let outside = try alpha.folder("outside")
        try write("theirs", to: outside.appending(path: "planted.txt"))
        try FileManager.default.createSymbolicLink(
            at: world.container.appending(path: "docs"), withDestinationURL: outside)
        try write("mine", to: docs.appending(path: "mine.txt"))
        expectOneLine(
            try run(["sync", docs.path, "--container", world.container.path]), code: 3, mentioning: "symbolic link")
        #expect(
            World.files(in: outside, includingOwn: true).keys.sorted() == ["planted.txt"],
            "nothing written through the link")
        #expect(
            !FileManager.default.fileExists(atPath: docs.appending(path: "planted.txt").path),
            "nothing pulled through it")
    }

    @Test("a folder named through a link the user typed syncs the real folder, under the name typed")
    func typedLinkIsFollowed() throws {
        try write("a", to: docs.appending(path: "a.txt"))
        let typed = world.root.appending(path: "shortcut")
        try FileManager.default.createSymbolicLink(at: typed, withDestinationURL: docs)
        let result = try run(["sync", typed.path, "--container", world.container.path])
        #expect(result.code == 0, "\(result.err)")
        #expect(read(world.container.appending(path: "shortcut/a.txt")) == "a")
    }

    @Test("output to a full device is one line and exit 1, never a crash; the sync itself is done")
    func fullOutput() throws {
        try write("a", to: docs.appending(path: "a.txt"))
        let full = try CLI.run(
            ["sync", docs.path, "--container", world.container.path], as: alpha,
            prefix: ["/bin/sh", "-c", "exec \"$0\" \"$@\" > /dev/full"])
        expectOneLine(full, code: 1, mentioning: "output could not be written")
        #expect(read(world.container.appending(path: "docs/a.txt")) == "a")
    }

    @Test("a pair remembers its container: status and sync of every pair work without --container")
    func pairRemembersContainer() throws {
        try write("a", to: docs.appending(path: "a.txt"))
        #expect(try run(["sync", docs.path, "--container", world.container.path]).code == 0)
        try write("b", to: docs.appending(path: "b.txt"))
        let status = try CLI.run(["status", docs.path], as: alpha)
        #expect(status.code == 0 && status.out.contains("1 change pending"), "\(status.out)\(status.err)")
        let all = try CLI.run(["sync"], as: alpha)
        #expect(all.code == 0, "\(all.err)")
        #expect(read(world.container.appending(path: "docs/b.txt")) == "b")
        let again = try CLI.run(["status"], as: alpha)
        #expect(again.out.contains("in sync"), "\(again.out)\(again.err)")
    }

    @Test("a second folder with a pair name already in use is refused, naming the folder that has it")
    func pairNameTaken() throws {
        try synced()
        let other = try alpha.folder("elsewhere/docs")
        try write("x", to: other.appending(path: "x.txt"))
        expectOneLine(
            try run(["sync", other.path, "--container", world.container.path]), code: 2, mentioning: "belongs to")
        #expect(!FileManager.default.fileExists(atPath: world.container.appending(path: "docs/x.txt").path))
    }

    @Test("a data.json that is a FIFO or a link to /dev/zero is one clear line, never a hang or a crash")
    func hostileContainerDocument() throws {
        try synced()
        let document = world.container.appending(path: "data.json")
        try FileManager.default.removeItem(at: document)
        #expect(mkfifo(document.path, 0o600) == 0)
        expectOneLine(
            try run(["sync", docs.path, "--container", world.container.path]), code: 1, mentioning: "is a FIFO")
        try FileManager.default.removeItem(at: document)
        try FileManager.default.createSymbolicLink(at: document, withDestinationURL: URL(filePath: "/dev/zero"))
        expectOneLine(
            try run(["sync", docs.path, "--container", world.container.path]), code: 1,
            mentioning: "links are never followed")
    }

    @Test("a sync while another holds the pair's lock exits 5 naming the holder")
    func locked() throws {
        try synced()
        let lockFolder = alpha.home.appending(path: ".local/state/synccli/locks")
        let lockFile = lockFolder.appending(path: "docs".utf8.map { String(format: "%02x", $0) }.joined() + ".lock")
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/flock"), "flock (util-linux) is needed")
        let holder = Process()
        holder.executableURL = URL(filePath: "/usr/bin/flock")
        // The holder says "held" once it has the lock: the test waits for that line, not for a time.
        holder.arguments = [lockFile.path, "sh", "-c", "echo held; exec sleep 30"]
        let said = Pipe()
        holder.standardOutput = said
        try holder.run()
        defer { holder.terminate() }
        let first = said.fileHandleForReading.readData(ofLength: 5)
        try #require(String(decoding: first, as: UTF8.self) == "held\n", "the lock holder did not start")
        let result = try run(["sync", docs.path, "--container", world.container.path])
        #expect(result.code == 5, "\(result.err)")
        #expect(result.err.contains("another sync"))
    }

    @Test("a plan file applies exactly once; a damaged plan file is a usage error")
    func planAndApply() throws {
        try synced()
        try write("new", to: docs.appending(path: "new.txt"))
        let planFile = world.root.appending(path: "plan.json")
        let plan = try run(["plan", docs.path, "--container", world.container.path, "--out", planFile.path])
        #expect(plan.code == 0, "\(plan.err)")
        #expect(!FileManager.default.fileExists(atPath: world.container.appending(path: "docs/new.txt").path))
        let apply = try run(["apply", planFile.path, "--container", world.container.path])
        #expect(apply.code == 0, "\(apply.err)")
        #expect(read(world.container.appending(path: "docs/new.txt")) == "new")
        let again = try run(["apply", planFile.path, "--container", world.container.path])
        #expect(again.code == 1 && again.err.contains("out of date"))
        try write("garbage", to: planFile)
        expectOneLine(
            try run(["apply", planFile.path, "--container", world.container.path]), code: 2,
            mentioning: "not a synccli plan")
        let fifo = world.root.appending(path: "plan.fifo")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        expectOneLine(try run(["apply", fifo.path, "--container", world.container.path]), code: 2, mentioning: "FIFO")
    }

    @Test("container set refuses a missing folder; container show names the source")
    func containerConfiguration() throws {
        expectOneLine(
            try run(["container", "set", world.root.appending(path: "nowhere").path]), code: 4, mentioning: "missing")
        let set = try run(["container", "set", world.container.path])
        #expect(set.code == 0, "\(set.err)")
        let show = try run(["container", "show"])
        #expect(show.out.contains(world.container.path) && show.out.contains("configuration file"))
        try write("a", to: docs.appending(path: "a.txt"))
        #expect(try run(["sync", docs.path]).code == 0)
        #expect(read(world.container.appending(path: "docs/a.txt")) == "a")
    }

    @Test("a folder renamed within its parent is found again through its bookmark")
    func bookmarkFollowsRename() throws {
        try synced()
        let renamed = alpha.home.appending(path: "documents")
        try FileManager.default.moveItem(at: docs, to: renamed)
        try write("after rename", to: renamed.appending(path: "late.txt"))
        let result = try run(["sync", "--container", world.container.path])
        #expect(result.code == 0, "\(result.err)")
        #expect(result.out.contains("renamed"))
        #expect(read(world.container.appending(path: "docs/late.txt")) == "after rename")
        let pairs = try run(["pairs"])
        #expect(pairs.out.contains(renamed.path))
    }

    @Test("a registered folder that is gone exits 3 and leaves the container untouched")
    func bookmarkGone() throws {
        try synced()
        let before = World.files(in: world.container, includingOwn: true)
        try FileManager.default.removeItem(at: docs)
        let result = try run(["sync", "--container", world.container.path])
        #expect(result.code == 3, "\(result.err)")
        #expect(result.err.contains("gone"))
        #expect(World.files(in: world.container, includingOwn: true) == before)
    }
}
