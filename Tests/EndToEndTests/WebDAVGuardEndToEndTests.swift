import Foundation
import Testing

/// The folder container's plan/apply and deletion-guard scenarios with the container on a real
/// server: a plan applies once, the max-delete guard stops a mass deletion, and an approval made
/// on one machine travels through the server to the other.
@Suite("Plans and the deletion guard over a WebDAV container, end to end")
struct WebDAVGuardEndToEndTests {
    static let servers = WebDAVServer.Kind.runnable

    @Test("a plan made against the server applies exactly once, and changes nothing until applied", arguments: servers)
    func planAndApply(kind: WebDAVServer.Kind) throws {
        try withScene(kind) { scene in
            try write("a", to: scene.alphaDocs.appending(path: "a.txt"))
            try scene.sync(scene.alpha)
            try write("new", to: scene.alphaDocs.appending(path: "new.txt"))
            let planFile = scene.world.root.appending(path: "plan.json")
            let before = snapshot(of: scene.containerOnServer)
            let plan = try CLI.run(
                ["plan", scene.alphaDocs.path, "--container", scene.container, "--out", planFile.path], as: scene.alpha)
            #expect(plan.code == 0, "\(plan.err)")
            #expect(snapshot(of: scene.containerOnServer) == before, "a plan writes nothing on the server")
            let apply = try CLI.run(["apply", planFile.path, "--container", scene.container], as: scene.alpha)
            #expect(apply.code == 0, "\(apply.err)")
            #expect(texts(in: scene.onServer) == ["a.txt": "a", "new.txt": "new"])
            let again = try CLI.run(["apply", planFile.path, "--container", scene.container], as: scene.alpha)
            #expect(again.code == 1 && again.err.contains("out of date"), "\(again.code): \(again.err)")
            #expect(texts(in: scene.onServer) == ["a.txt": "a", "new.txt": "new"])
        }
    }

    @Test(
        "a mass deletion stops at the limit, is let through by --max-delete, and the approval travels to the other machine; one nobody approved stops both",
        arguments: servers)
    func approvedDeletionTravels(kind: WebDAVServer.Kind) async throws {
        try await withScene(kind) { scene in
            for index in 0..<10 { try write("file \(index)", to: scene.alphaDocs.appending(path: "f\(index).txt")) }
            try scene.sync(scene.alpha)
            try scene.sync(scene.beta)
            for index in 0..<8 {
                try FileManager.default.removeItem(at: scene.alphaDocs.appending(path: "f\(index).txt"))
            }
            let onServer = texts(in: scene.onServer)
            let refused = try scene.sync(scene.alpha, expect: 3)
            #expect(refused.err.contains("allow it with --max-delete 80"), "\(refused.err)")
            #expect(texts(in: scene.onServer) == onServer, "nothing deleted on the server")
            let approving = try scene.sync(scene.alpha, ["--max-delete", "80"])
            #expect(approving.out.contains("recorded 8 deletions as approved"), "\(approving.out)")
            #expect(texts(in: scene.onServer).keys.sorted() == ["f8.txt", "f9.txt"])
            let carried = try scene.sync(scene.beta)
            #expect(carried.out.contains("carrying out deletions approved by alpha at "), "\(carried.out)")
            #expect(texts(in: scene.betaDocs).keys.sorted() == ["f8.txt", "f9.txt"])

            // Another tool empties the pair's folder on the server (its marker stays): nobody approved that.
            for index in 0..<2 { try write("new \(index)", to: scene.betaDocs.appending(path: "n\(index).txt")) }
            try scene.sync(scene.beta)
            try scene.sync(scene.alpha)
            for name in ["f8.txt", "f9.txt", "n0.txt", "n1.txt"] { try await scene.send("DELETE", "docs/" + name) }
            let stopped = try scene.sync(scene.beta, expect: 3)
            #expect(stopped.err.contains("allow it with --max-delete 100"), "\(stopped.err)")
            #expect(texts(in: scene.betaDocs).count == 4)
            try scene.sync(scene.alpha, expect: 3)
            #expect(texts(in: scene.alphaDocs).count == 4)
        }
    }
}
