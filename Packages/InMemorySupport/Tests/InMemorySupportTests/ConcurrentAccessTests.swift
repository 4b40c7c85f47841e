import Foundation
import InMemorySupport
import Testing

/// Run under `swift test --sanitize=thread --filter Concurrent`.
@Suite("MockWorld under concurrent access", .tags(.concurrency))
struct ConcurrentAccessTests {
    static let tasks = 16
    static let callsPerTask = 100

    @Test("concurrent calls from many tasks lose no journal entry")
    func concurrentCallsLoseNothing() async throws {
        let world = MockWorld()
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<Self.tasks {
                group.addTask {
                    let probe = Probe(world: world)
                    for call in 0..<Self.callsPerTask {
                        let path = "/t\(task)-\(call)"
                        try? probe.write("\(task):\(call)", to: path)
                        _ = try? probe.read(path)
                        _ = world.journal.count  // readers race with writers too
                    }
                }
            }
        }
        let total = Self.tasks * Self.callsPerTask
        let journal = world.journal
        #expect(journal.count == 2 * total)
        #expect(journal.map(\.sequence) == Array(1...(2 * total)))
        #expect(journal.allSatisfy { $0.outcome == .succeeded })
        #expect(world.mutationCount == total)
        #expect(world.withTree { $0.paths(below: .root).count } == total)
        let sample = try world.withTree { try $0.readFile(at: key("/t7-42")) }
        #expect(sample == bytes("7:42"))
    }

    @Test("concurrent writers see a once-fault fire exactly once")
    func concurrentOnceFault() async {
        let world = MockWorld()
        world.inject(Fault(TestFailure(id: 1), operation: .write, onCall: 50, repeats: .once))
        let failures = await withTaskGroup(of: Int.self) { group in
            for task in 0..<Self.tasks {
                group.addTask {
                    let probe = Probe(world: world)
                    var failed = 0
                    for call in 0..<Self.callsPerTask {
                        do { try probe.write("x", to: "/t\(task)-\(call)") } catch { failed += 1 }
                    }
                    return failed
                }
            }
            return await group.reduce(0, +)
        }
        #expect(failures == 1)
        #expect(world.mutationCount == Self.tasks * Self.callsPerTask - 1)
        #expect(world.journal.filter { $0.outcome != .succeeded }.map(\.sequence) == [50])
    }

    @Test("concurrent writers stop at exactly the crash step")
    func concurrentCrash() async {
        let world = MockWorld()
        let step = 500
        world.crash(atMutation: step)
        let crashes = await withTaskGroup(of: Int.self) { group in
            for task in 0..<Self.tasks {
                group.addTask {
                    let probe = Probe(world: world)
                    var crashed = 0
                    for call in 0..<Self.callsPerTask {
                        do { try probe.write("x", to: "/t\(task)-\(call)") } catch is MockCrash { crashed += 1 } catch {
                        }
                    }
                    return crashed
                }
            }
            return await group.reduce(0, +)
        }
        #expect(world.mutationCount == step - 1)
        #expect(crashes == Self.tasks * Self.callsPerTask - (step - 1))
        #expect(world.withTree { $0.paths(below: .root).count } == step - 1)
    }

    @Test("concurrent fault injection, journal clearing and tree reads keep the world consistent")
    func concurrentControl() async throws {
        let world = MockWorld()
        try world.withTree { try $0.writeFile(bytes("seed"), at: key("/seed")) }
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for index in 0..<Self.callsPerTask {
                    world.inject(Fault(TestFailure(id: index), path: URL(filePath: "/never-called")))
                    if index.isMultiple(of: 10) { world.clearJournal() }
                }
            }
            for _ in 0..<Self.tasks {
                group.addTask {
                    let probe = Probe(world: world)
                    for _ in 0..<Self.callsPerTask { _ = try? probe.read("/seed") }
                }
            }
        }
        let journal = world.journal
        #expect(journal.count <= Self.tasks * Self.callsPerTask)
        #expect(journal.map(\.sequence) == Array(1..<(journal.count + 1)))
        #expect(journal.allSatisfy { $0.outcome == .succeeded })
        #expect(world.withTree { $0.now } == InMemoryTree().now + 1_000_000)
    }
}
