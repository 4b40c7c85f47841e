import FileAccessorContract
import FileAccessorInterface
import Foundation
import Synchronization
import Testing

/// Proves the refusal cases can fail: an accessor that behaves like a naive `open` + `read`
/// (follows links, writes through them, reads without a limit, cuts a path at a NUL byte) is
/// caught by each of them.
@Suite("The contract's refusal cases catch an accessor that follows links and reads without limit")
struct RefusalCasesCanFailTests {
    @Test(
        "a naive accessor fails the case",
        arguments: [
            "reading a symbolic link to a file is refused as a link, never followed",
            "reading a dangling symbolic link is refused as a link, not as missing",
            "exists is true for a symbolic link, even a dangling one",
            "a write onto a symbolic link replaces the link and leaves its target alone",
            "a file over the read limit is refused as too large; one at the limit reads",
            "a path with a NUL byte is refused by write, read and exists, and touches nothing",
        ])
    func naive(caseName: String) throws {
        let check = try #require(FileAccessorContract.cases.first { $0.name == caseName })
        #expect(throws: ContractViolation.self) { try check.verify(NaiveAccessor().fixture) }
    }

    @Test("a fixture that cannot make links or does not say its limit fails those cases, never skips them")
    func incompleteFixture() throws {
        let accessor = NaiveAccessor()
        let fixture = FileAccessorContractFixture(
            accessor: accessor, root: URL(filePath: "/root"), makeDirectory: { _ in }, listDirectory: { _ in [] })
        for name in [
            "reading a dangling symbolic link is refused as a link, not as missing",
            "a file over the read limit is refused as too large; one at the limit reads",
        ] {
            let check = try #require(FileAccessorContract.cases.first { $0.name == name })
            #expect(throws: ContractViolation.self) { try check.verify(fixture) }
        }
    }

    @Test("refusals read as one sentence starting with the path")
    func sentences() {
        #expect(
            FileAccessRefusal.notARegularFile(path: "/c/data.json", kind: .fifo).description
                == "/c/data.json: is a FIFO, not a regular file; refused")
        #expect(
            FileAccessRefusal.symbolicLink(path: "/c/data.json").description
                == "/c/data.json: is a symbolic link; links are never followed")
        #expect(
            FileAccessRefusal.tooLarge(path: "/c/a", size: 3_328_599_654, limit: 256 << 20).description
                == "/c/a: 3.1 GiB is over the 256 MiB limit for the tool's own files")
        #expect(
            FileAccessRefusal.tooLarge(path: "/c/a", size: 1025, limit: 1024).reason
                == "1025 bytes is over the 1 KiB limit for the tool's own files")
    }
}

/// Files and links by path; reads and writes follow links, there is no limit, and a path is cut
/// at its first NUL byte as a C call would cut it.
private final class NaiveAccessor: FileAccessorProviding {
    private enum Entry {
        case file(Data)
        case link(String)
    }
    private let entries = Mutex<[String: Entry]>([:])

    var fixture: FileAccessorContractFixture {
        FileAccessorContractFixture(
            accessor: self, root: URL(filePath: "/root"), makeDirectory: { _ in },
            listDirectory: { [self] _ in entries.withLock { $0.keys.map { String($0.dropFirst("/root/".count)) } } },
            makeSymbolicLink: { [self] url, target in entries.withLock { $0[url.path] = .link(target) } },
            readLimit: 1 << 20)
    }

    private func resolve(_ url: URL, in entries: [String: Entry]) -> String {
        var path = String(url.path(percentEncoded: false).prefix { $0 != "\u{0}" })
        while case .link(let target)? = entries[path] { path = target }
        return path
    }

    func read(from url: URL) throws -> Data {
        try entries.withLock { entries in
            guard case .file(let data)? = entries[resolve(url, in: entries)] else {
                throw FileAccessError.cocoaError(errno: ENOENT, path: url.path, during: .read)
            }
            return data
        }
    }

    func write(_ data: Data, to url: URL) throws {
        entries.withLock { entries in entries[resolve(url, in: entries)] = .file(data) }
    }

    func fileExists(at url: URL) -> Bool {
        entries.withLock { entries in
            if case .file? = entries[resolve(url, in: entries)] { return true }
            return false
        }
    }
}
