import FileAccessorContract
import FileAccessorInterface
import Foundation
import Synchronization
import Testing

/// Proves the contract can fail: deliberately wrong implementations are caught.
@Suite("The file accessor contract catches wrong implementations")
struct ContractCanFailTests {
    @Test("a sloppy accessor fails the cases it gets wrong", arguments: [
        "reading a missing file is fileReadNoSuchFile",
        "writing into a missing folder is fileNoSuchFile and creates nothing",
        "names that differ only in Unicode normalization are two files",
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
        let check = try #require(FileAccessorContract.cases.first { $0.name == "a written file reads back byte for byte" })
        try check.verify(SloppyAccessor(tearsWrites: false).fixture)
    }
}

/// Keys files by `String` (so NFC and NFD names merge), creates folders implicitly, throws the
/// wrong error kind for a missing file and, if asked, writes in two visible halves.
private final class SloppyAccessor: FileAccessorProviding {
    private let files = Mutex<[String: Data]>([:])
    private let tearsWrites: Bool

    init(tearsWrites: Bool) { self.tearsWrites = tearsWrites }

    var fixture: FileAccessorContractFixture {
        FileAccessorContractFixture(
            accessor: self, root: URL(filePath: "/root", directoryHint: .isDirectory),
            makeDirectory: { _ in }, listDirectory: { [self] _ in files.withLock { Array($0.keys) } })
    }

    func read(from url: URL) throws -> Data {
        guard let data = files.withLock({ $0[url.path] }) else { throw CocoaError(.fileReadUnknown) }
        return data
    }

    func write(_ data: Data, to url: URL) throws {
        if tearsWrites {
            files.withLock { $0[url.path] = data.prefix(data.count / 2) + (($0[url.path] ?? data).dropFirst(data.count / 2)) }
            Thread.sleep(forTimeInterval: 0.002)
        }
        files.withLock { $0[url.path] = data }
    }

    func fileExists(at url: URL) -> Bool { files.withLock { $0[url.path] != nil } }
}
