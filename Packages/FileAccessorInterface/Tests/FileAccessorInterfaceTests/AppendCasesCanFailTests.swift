import FileAccessorContract
import FileAccessorInterface
import Foundation
import Synchronization
import Testing

/// Proves the append cases can fail, and that the protocol's own append (read, then write
/// whole) passes them for an accessor that gets reads and writes right.
@Suite("The append cases catch a blind appender")
struct AppendCasesCanFailTests {
    @Test("an append that ignores the expected size fails the size case")
    func blind() throws {
        let check = try #require(FileAccessorContract.cases.first { $0.name.contains("expecting another size") })
        #expect(throws: ContractViolation.self) { try check.verify(MemoryAccessor(blindAppend: true).fixture) }
    }

    @Test("the protocol's default append passes the growing and size cases")
    func defaultAppend() throws {
        for name in ["creates a missing file", "expecting another size"] {
            let check = try #require(FileAccessorContract.cases.first { $0.name.contains(name) })
            try check.verify(MemoryAccessor(blindAppend: false).fixture)
        }
    }
}

/// Files in a dictionary, with correct missing-file errors; its append is the protocol's, or,
/// if asked, one that appends whatever the size.
private final class MemoryAccessor: FileAccessorProviding {
    private let files = Mutex<[String: Data]>([:])
    private let blindAppend: Bool

    init(blindAppend: Bool) { self.blindAppend = blindAppend }

    var fixture: FileAccessorContractFixture {
        FileAccessorContractFixture(
            accessor: self, root: URL(filePath: "/root", directoryHint: .isDirectory),
            makeDirectory: { _ in }, listDirectory: { [self] _ in files.withLock { Array($0.keys) } })
    }

    func read(from url: URL) throws -> Data {
        guard let data = files.withLock({ $0[url.path] }) else {
            throw FileAccessError.cocoaError(errno: ENOENT, path: url.path, during: .read)
        }
        return data
    }

    func write(_ data: Data, to url: URL) throws {
        files.withLock { $0[url.path] = data }
    }

    func append(_ data: Data, to url: URL, ifSizeIs expectedSize: Int) throws -> Bool {
        guard blindAppend else {
            return try appendByRewriting(data, to: url, ifSizeIs: expectedSize)
        }
        files.withLock { $0[url.path, default: Data()] += data }
        return true
    }

    func fileExists(at url: URL) -> Bool { files.withLock { $0[url.path] != nil } }
}
