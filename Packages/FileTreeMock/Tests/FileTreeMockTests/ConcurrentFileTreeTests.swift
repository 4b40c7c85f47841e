import FileTreeInterface
import FileTreeMock
import Foundation
import InMemorySupport
import Testing

/// Run under `swift test --sanitize=thread --filter Concurrent`.
@Suite("Concurrent use of one world by the file tree Mocks", .tags(.concurrency))
struct ConcurrentFileTreeTests {
    static let tasks = 8
    static let rounds = 25
    let root = URL(filePath: "/c", directoryHint: .isDirectory)

    @Test("many tasks make, copy, move, digest, scan and remove on one world and lose nothing")
    func manyTasks() async throws {
        let world = MockWorld()
        try world.withTree { try $0.makeDirectory(at: PathKey(path: "/c")) }
        let root = self.root
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<Self.tasks {
                group.addTask {
                    let scanner = MockTreeScanner(world: world)
                    let mutator = MockTreeMutator(world: world)
                    let copier = MockFileCopier(world: world)
                    do {
                        let folder = try RelativePath("t\(task)")
                        try mutator.makeDirectory(folder, in: root)
                        let seed = try folder.appending("seed")
                        try world.withTree {
                            try $0.writeFile(
                                Data(repeating: UInt8(task), count: 512), at: PathKey(path: "/c/t\(task)/seed"))
                        }
                        let expected = try #require(try scanner.entry(at: seed, in: root))
                        for round in 0..<Self.rounds {
                            let copy = try folder.appending("copy\(round)")
                            _ = try copier.copyFile(seed, in: root, expected: expected, to: copy, in: root)
                            #expect(
                                try copier.digest(of: copy, in: root)
                                    == ContentDigest(of: Data(repeating: UInt8(task), count: 512)))
                            let moved = try folder.appending("moved\(round)")
                            try mutator.moveItem(copy, to: moved, in: root)
                            if round.isMultiple(of: 2) { try mutator.removeItem(moved, in: root) }
                            let scan = try scanner.scan(root: root) { _, _ in false }
                            #expect(scan.entries.map(\.path) == scan.entries.map(\.path).sorted())
                        }
                    } catch {
                        Issue.record("task \(task): \(error)")
                    }
                }
            }
        }
        let scan = try MockTreeScanner(world: world).scan(root: root) { _, _ in false }
        let files = scan.entries.filter { $0.kind == .file }
        #expect(files.count == Self.tasks * (1 + Self.rounds / 2))
        #expect(Set(files.map(\.identity)).count == files.count)
        // Per task: makeDirectory, then per round a copy (stage, commit) and a move (+ remove on even rounds).
        #expect(world.mutationCount == Self.tasks * (1 + 3 * Self.rounds + (Self.rounds + 1) / 2))
    }

    @Test("concurrent copies to one destination: exactly one wins, the others are alreadyExists")
    func oneWinner() async throws {
        let world = MockWorld()
        try world.withTree { tree in
            try tree.makeDirectory(at: PathKey(path: "/c"))
            try tree.writeFile(Data("x".utf8), at: PathKey(path: "/c/source"))
        }
        let root = self.root
        let source = try RelativePath("source")
        let target = try RelativePath("target")
        let expected = try #require(try MockTreeScanner(world: world).entry(at: source, in: root))
        let outcomes = await withTaskGroup(of: String.self) { group in
            for _ in 0..<16 {
                group.addTask {
                    do {
                        _ = try MockFileCopier(world: world).copyFile(
                            source, in: root, expected: expected, to: target, in: root)
                        return "copied"
                    } catch let error as TreeError {
                        return error == .alreadyExists(target) ? "exists" : "\(error)"
                    } catch {
                        return "\(error)"
                    }
                }
            }
            return await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(outcomes.filter { $0 == "copied" }.count == 1)
        #expect(outcomes.filter { $0 == "exists" }.count == 15)
    }
}
