import FileTreeInterface
import Foundation
import NetworkMock
import Synchronization
import Testing

@testable import WebDAVSide

/// One opener's sides used from several threads at once, as the engine's copy workers do (run
/// under the thread sanitizer by scripts/test-all).
@Suite("Concurrent use of one WebDAV opener")
struct ConcurrentUseTests {
    @Test("parallel stages, a batch committed four at a time, and listings of many folders: all land, in order")
    func concurrentBatch() throws {
        let rig = try Rig()
        for index in 0..<24 { try rig.writeLocal("file \(index)", at: "f\(index)") }
        for folder in 0..<12 {
            rig.server.makeCollection(at: "/c/d\(folder)")
            rig.server.write(Data("x".utf8), at: "/c/d\(folder)/inner")
        }
        let local = try rig.local
        let remote = try rig.remote
        let staged = Staged()
        DispatchQueue.concurrentPerform(iterations: 4) { lane in
            for index in stride(from: lane, to: 24, by: 4) {
                do {
                    let source = try path("f\(index)")
                    guard let entry = try local.entry(at: source) else { continue }
                    staged.add(
                        index, try remote.stageCopy(of: source, from: local, expected: entry, to: try path("g\(index)"))
                    )
                } catch {
                    staged.fail("\(error)")
                }
            }
        }
        #expect(staged.failures.isEmpty, "\(staged.failures)")
        let batch = staged.inOrder
        #expect(batch.count == 24)
        let results = remote.commit(batch)
        #expect(results.count == 24)
        for (index, result) in results.enumerated() {
            #expect((try? result.get())?.path == (try? path("g\(index)")))
        }
        for index in 0..<24 { #expect(rig.remoteText("g\(index)") == "file \(index)") }
        try remote.flush()  // the commit's save of the side's metadata has ended
        let scan = try remote.scan { _, _ in false }
        // 24 copies, 12 folders with one file each, and the side's metadata document.
        #expect(scan.entries.count == 24 + 12 * 2 + 1)
        #expect(scan.problems.isEmpty)
    }
}

/// Staged copies collected from several threads (behind ``Locked``: a plain `Mutex` hands over
/// through the kernel on Linux, unseen by the thread sanitizer, which then reported a race here).
final class Staged: Sendable {
    private let state = Locked<([Int: StagedCopy], [String])>(([:], []))
    func add(_ index: Int, _ copy: StagedCopy) { state.withLock { $0.0[index] = copy } }
    func fail(_ text: String) { state.withLock { $0.1.append(text) } }
    var failures: [String] { state.withLock { $0.1 } }
    var inOrder: [StagedCopy] { state.withLock { $0.0.sorted { $0.key < $1.key }.map(\.value) } }
}
