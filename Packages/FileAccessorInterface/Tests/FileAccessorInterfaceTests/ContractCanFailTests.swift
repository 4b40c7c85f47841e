import FileAccessorContract
import FileAccessorInterface
import Foundation
import Synchronization
import Testing

/// Proves the contract can fail: deliberately wrong implementations are caught.
@Suite("The file accessor contract catches wrong implementations")
struct ContractCanFailTests {
    @Test(
        "a sloppy accessor fails the cases it gets wrong",
        arguments: [
            "reading a missing file is fileReadNoSuchFile",
            "writing into a missing folder is fileNoSuchFile and creates nothing",
            "names that differ only in Unicode normalization are two files",
            "`..` after a missing folder fails with ENOENT and creates nothing",
            "a name over 255 bytes is refused as an invalid name both ways; 255 bytes work",
        ])
    func sloppy(caseName: String) throws {
        let check = try #require(FileAccessorContract.cases.first { $0.name == caseName })
        let accessor = SloppyAccessor(tearsWrites: false)
        #expect(throws: ContractViolation.self) { try check.verify(accessor.fixture) }
    }

    @Test("a writer that tears its writes fails the never-a-mix case")
    func tearing() throws {
        let check = try #require(FileAccessorContract.cases.first { $0.name.contains("never a mix") })
        #expect(throws: ContractViolation.self) { try check.verify(SloppyAccessor(tearsWrites: true).fixture) }
    }

    @Test("the sloppy accessor still passes the cases it gets right, so the failures above are specific")
    func passesOthers() throws {
        let check = try #require(
            FileAccessorContract.cases.first { $0.name == "a written file reads back byte for byte" })
        try check.verify(SloppyAccessor(tearsWrites: false).fixture)
    }
}

/// Keys files by `String` (so NFC and NFD names merge), creates folders implicitly, throws the
/// wrong error kind for a missing file and, if asked, writes in two visible halves.
///
/// A tearing write is scripted, not timed: it stores the first half of the new contents over the
/// old ones and waits until a read has returned that mix, then stores the rest. The never-a-mix
/// case reads until the writer is done, so it sees every torn state, on any machine, without
/// sleeping.
private final class SloppyAccessor: FileAccessorProviding {
    private struct State {
        var files: [String: Data] = [:]
        var tornStateShown = false
        var tornStateStored = false
    }

    private let state = Mutex(State())
    private let tornStateRead = DispatchSemaphore(value: 0)
    private let tearsWrites: Bool

    init(tearsWrites: Bool) { self.tearsWrites = tearsWrites }

    var fixture: FileAccessorContractFixture {
        FileAccessorContractFixture(
            accessor: self, root: URL(filePath: "/root", directoryHint: .isDirectory),
            makeDirectory: { _ in }, listDirectory: { [self] _ in state.withLock { Array($0.files.keys) } })
    }

    func read(from url: URL) throws -> Data {
        let (data, sawTornState) = state.withLock { state in
            let sawTornState = state.tornStateStored && !state.tornStateShown
            if sawTornState { state.tornStateShown = true }
            return (state.files[url.path], sawTornState)
        }
        if sawTornState { tornStateRead.signal() }
        guard let data else { throw CocoaError(.fileReadUnknown) }
        return data
    }

    func write(_ data: Data, to url: URL) throws {
        if tearsWrites {
            let tore = state.withLock { state in
                let old = state.files[url.path] ?? data
                let torn = data.prefix(data.count / 2) + old.dropFirst(data.count / 2)
                guard torn != old, torn != data else { return false }
                state.files[url.path] = torn
                state.tornStateStored = true
                state.tornStateShown = false
                return true
            }
            if tore { tornStateRead.wait() }
        }
        state.withLock { state in
            state.files[url.path] = data
            state.tornStateStored = false
        }
    }

    func fileExists(at url: URL) -> Bool { state.withLock { $0.files[url.path] != nil } }
}
