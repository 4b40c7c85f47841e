import Foundation
import WatchInterface

/// The behaviour every ``FolderWatching`` implementation shares, written once.
///
/// The Live package runs these cases on the real disk in a temporary folder (waiting for events
/// that must come); the Mock package runs them on its in-memory world (delivering at once). A
/// behaviour one has and the other lacks is a failing test.
public enum WatchContract {
    /// Every case of the contract.
    public static let cases: [WatchContractCase] = [
        WatchContractCase(
            name: "a file written below the root is reported by its path relative to the root", check: fileAtRoot),
        WatchContractCase(name: "a change deep in folders that existed before the start is reported", check: deep),
        WatchContractCase(
            name: "folders made after the start are watched, even when filled at once", check: newFolders),
        WatchContractCase(name: "a folder tree moved in after the start is watched", check: movedIn),
        WatchContractCase(
            name: "a folder moved within the root is reported at its new path, never its old one",
            check: movedWithin),
        WatchContractCase(
            name: "a folder moved out of the root is no longer reported", check: movedOut),
        WatchContractCase(name: "removed files and folders are reported", check: removals),
        WatchContractCase(
            name: "nothing outside the root is reported: not beside it, not through a link", check: confined),
        WatchContractCase(
            name: "after stop returns nothing is delivered, and stopping twice is harmless", check: stopEnds),
        WatchContractCase(name: "a handler may stop its own watch", check: stopFromHandler),
        WatchContractCase(name: "two watches of one root both report", check: twoWatches),
        WatchContractCase(
            name: "a missing root, a file and a link are refused with rootUnavailable", check: refusedRoots),
        WatchContractCase(name: "removing the root ends the watch", check: rootRemoved),
    ]

    static func fileAtRoot(_ f: WatchContractFixture) async throws {
        let session = try startWatch(f)
        defer { session.watch.stop() }
        try f.files.writeFile(at: f.inside("notes.txt"), contents: "hello")
        try await expectChange("notes.txt", session, f, "a new file")
        let mark = session.recorder.mark
        try f.files.writeFile(at: f.inside("notes.txt"), contents: "hello again")
        try await expectChange("notes.txt", session, after: mark, f, "a rewritten file")
        for event in session.recorder.events {
            guard case .changed(let path) = event else { continue }
            try require(
                !path.hasPrefix("/") && !path.contains(".."), "reported path \(path.debugDescription) is not relative")
        }
    }

    static func deep(_ f: WatchContractFixture) async throws {
        try f.files.makeFolder(at: f.inside("a"))
        try f.files.makeFolder(at: f.inside("a/b"))
        try f.files.makeFolder(at: f.inside("a/b/c"))
        let session = try startWatch(f)
        defer { session.watch.stop() }
        try f.files.writeFile(at: f.inside("a/b/c/deep.txt"), contents: "x")
        try await expectChange("a/b/c/deep.txt", session, f, "a file three folders down")
    }

    static func newFolders(_ f: WatchContractFixture) async throws {
        let session = try startWatch(f)
        defer { session.watch.stop() }
        // No pause between the steps: the watch must catch up with the new folders by itself.
        try f.files.makeFolder(at: f.inside("new"))
        try f.files.makeFolder(at: f.inside("new/inner"))
        try f.files.writeFile(at: f.inside("new/inner/first.txt"), contents: "1")
        try await expectChange("new/inner/first.txt", session, f, "a file written at once in new folders")
        let mark = session.recorder.mark
        try f.files.writeFile(at: f.inside("new/inner/second.txt"), contents: "2")
        try await expectChange("new/inner/second.txt", session, after: mark, f, "a later file in the new folder")
    }

    static func movedIn(_ f: WatchContractFixture) async throws {
        try f.files.makeFolder(at: f.beside("tree"))
        try f.files.makeFolder(at: f.beside("tree/sub"))
        let session = try startWatch(f)
        defer { session.watch.stop() }
        try f.files.move(from: f.beside("tree"), to: f.inside("tree"))
        try await expectChange("tree", session, f, "a folder moved in")
        let mark = session.recorder.mark
        try f.files.writeFile(at: f.inside("tree/sub/file.txt"), contents: "x")
        try await expectChange("tree/sub/file.txt", session, after: mark, f, "a file in the moved-in tree")
    }

    static func movedWithin(_ f: WatchContractFixture) async throws {
        try f.files.makeFolder(at: f.inside("old"))
        try f.files.makeFolder(at: f.inside("old/sub"))
        let session = try startWatch(f)
        defer { session.watch.stop() }
        try f.files.move(from: f.inside("old"), to: f.inside("renamed"))
        try await expectChange("renamed", session, f, "the folder's new name")
        let mark = session.recorder.mark
        try f.files.writeFile(at: f.inside("renamed/sub/file.txt"), contents: "x")
        try await expectChange("renamed/sub/file.txt", session, after: mark, f, "a file in the moved folder")
        try expectOnly(["renamed/sub/file.txt", "renamed/sub", "renamed"], session, after: mark, "after the move")
    }

    static func movedOut(_ f: WatchContractFixture) async throws {
        try f.files.makeFolder(at: f.inside("leaving"))
        let session = try startWatch(f)
        defer { session.watch.stop() }
        try f.files.move(from: f.inside("leaving"), to: f.beside("left"))
        try await expectChange("leaving", session, f, "the folder moved out")
        let mark = session.recorder.mark
        try f.files.writeFile(at: f.beside("left/file.txt"), contents: "x")
        try f.files.writeFile(at: f.inside("marker"), contents: "x")
        // Events of one watch come in order: once the marker is in, the other file would be too.
        try await expectChange("marker", session, after: mark, f, "the marker")
        try expectOnly(["marker"], session, after: mark, "a file in the folder that left")
    }

    static func removals(_ f: WatchContractFixture) async throws {
        try f.files.writeFile(at: f.inside("file.txt"), contents: "x")
        try f.files.makeFolder(at: f.inside("folder"))
        try f.files.makeFolder(at: f.inside("folder/sub"))
        try f.files.writeFile(at: f.inside("folder/sub/inner.txt"), contents: "x")
        let session = try startWatch(f)
        defer { session.watch.stop() }
        try f.files.remove(at: f.inside("file.txt"))
        try await expectChange("file.txt", session, f, "a removed file")
        try f.files.remove(at: f.inside("folder"))
        try await expectChange("folder", session, f, "a removed folder")
    }

    static func confined(_ f: WatchContractFixture) async throws {
        try f.files.makeFolder(at: f.beside("target"))
        try f.files.makeLink(at: f.inside("link"), to: f.beside("target"))
        let session = try startWatch(f)
        defer { session.watch.stop() }
        let mark = session.recorder.mark
        try f.files.writeFile(at: f.beside("beside.txt"), contents: "x")
        try f.files.writeFile(at: f.beside("target/through-link.txt"), contents: "x")
        try f.files.writeFile(at: f.inside("marker"), contents: "x")
        try await expectChange("marker", session, after: mark, f, "the marker")
        try expectOnly(["marker"], session, after: mark, "changes outside the root")
    }

    static func stopEnds(_ f: WatchContractFixture) async throws {
        let first = try startWatch(f)
        try f.files.writeFile(at: f.inside("before"), contents: "x")
        try await expectChange("before", first, f, "before the stop")
        first.watch.stop()
        first.watch.stop()
        let mark = first.recorder.mark
        try f.files.writeFile(at: f.inside("after"), contents: "x")
        let second = try startWatch(f)
        defer { second.watch.stop() }
        try f.files.writeFile(at: f.inside("after-second"), contents: "x")
        try await expectChange("after-second", second, f, "a second watch")
        try require(
            first.recorder.events(after: mark).isEmpty,
            "a stopped watch delivered \(first.recorder.events(after: mark))")
    }

    static func stopFromHandler(_ f: WatchContractFixture) async throws {
        let box = WatchBox()
        let recorder = EventRecorder()
        let watch = try f.makeWatching().watch(f.root) { event in
            recorder.record(event)
            box.stop()
        }
        box.set(watch)
        defer { watch.stop() }
        try f.files.writeFile(at: f.inside("first"), contents: "x")
        f.deliver()
        let stopped = await recorder.wait(patience: f.patience) { !$0.isEmpty }
        try require(stopped, "no event came (waited \(f.patience))")
        // The stop ran inside the handler; check that nothing follows the first batch for long.
        let mark = recorder.mark
        let control = try startWatch(f)
        defer { control.watch.stop() }
        try f.files.writeFile(at: f.inside("second"), contents: "x")
        try await expectChange("second", control, f, "a control watch")
        try require(
            recorder.events(after: mark).isEmpty,
            "the watch went on after stopping itself: \(recorder.events(after: mark))")
    }

    static func twoWatches(_ f: WatchContractFixture) async throws {
        let watching = try f.makeWatching()
        let first = try startWatch(f, on: watching)
        defer { first.watch.stop() }
        let second = try startWatch(f, on: watching)
        defer { second.watch.stop() }
        try f.files.writeFile(at: f.inside("shared"), contents: "x")
        try await expectChange("shared", first, f, "the first watch")
        try await expectChange("shared", second, f, "the second watch")
        second.watch.stop()
        let mark = first.recorder.mark
        try f.files.writeFile(at: f.inside("later"), contents: "x")
        try await expectChange("later", first, after: mark, f, "the first watch, after the second stopped")
    }

    static func refusedRoots(_ f: WatchContractFixture) async throws {
        try expectRefused(f.beside("missing"), f, "a missing root")
        try f.files.writeFile(at: f.beside("file"), contents: "x")
        try expectRefused(f.beside("file"), f, "a file as root")
        try f.files.makeLink(at: f.beside("link"), to: f.root)
        try expectRefused(f.beside("link"), f, "a link to a folder as root")
    }

    static func rootRemoved(_ f: WatchContractFixture) async throws {
        try f.files.makeFolder(at: f.inside("sub"))
        let session = try startWatch(f)
        defer { session.watch.stop() }
        try f.files.remove(at: f.root)
        f.deliver()
        let ended = await session.recorder.wait(patience: f.patience) { events in
            events.contains { if case .ended = $0 { true } else { false } }
        }
        try require(ended, "no ended event after the root was removed; got \(session.recorder.events)")
        guard case .ended = session.recorder.events.last else {
            throw ContractViolation(description: "events followed ended: \(session.recorder.events)")
        }
    }
}
