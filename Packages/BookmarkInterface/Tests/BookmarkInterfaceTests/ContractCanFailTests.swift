import BookmarkContract
import BookmarkInterface
import Foundation
import Synchronization
import Testing

/// Proves the bookmark contracts can fail: deliberately wrong implementations are caught.
@Suite("The bookmark contracts catch wrong implementations")
struct ContractCanFailTests {
    @Test(
        "a store keyed by String equality merges look-alike keys and accepts any key",
        arguments: [
            "hostile and look-alike keys are distinct, safe keys",
            "empty and over-long keys are refused with invalidKey",
            "a saved value is seen by a new instance of the store",
        ])
    func sloppyStore(caseName: String) throws {
        let check = try #require(BookmarkStorageContract.cases.first { $0.name == caseName })
        #expect(throws: ContractViolation.self) {
            try check.verify(BookmarkStorageContractFixture { StringKeyedStore() })
        }
    }

    @Test(
        "a resolver that trusts the recorded path alone is caught",
        arguments: [
            "a folder renamed within its parent is found again and reported stale",
            "another folder that took the old name is never mistaken for it",
            "malformed bookmark data is an error",
            "a resolved folder's URL is a folder's URL, at its path and moved",
        ])
    func pathOnlyResolver(caseName: String) throws {
        let check = try #require(BookmarkResolvingContract.cases.first { $0.name == caseName })
        let fixture = BookmarkResolvingContractFixture(
            resolver: PathOnlyResolver(), root: URL(filePath: "/root", directoryHint: .isDirectory),
            makeDirectory: { _ in }, makeFile: { _ in }, move: { _, _ in }, remove: { _ in })
        #expect(throws: (any Error).self) { try check.verify(fixture) }
        do {
            try check.verify(fixture)
        } catch {
            #expect(error is ContractViolation || error is BookmarkError)
        }
    }

    @Test("every error reads as one line naming what to fix")
    func messages() {
        let errors: [BookmarkError] = [
            .invalidKey(""), .storeRefused(path: "/s", reason: "it is a symbolic link"), .corruptEntry(key: "k"),
            .notAFolder(path: "/f"), .malformedBookmark("bad"), .folderNotFound(path: "/gone"),
        ]
        for error in errors {
            #expect(!error.description.isEmpty)
            #expect(!error.description.contains("\n"))
        }
    }
}

/// Keys entries by `String` (merging NFC/NFD twins), accepts every key, and forgets on reopen.
private final class StringKeyedStore: BookmarkStorageProviding {
    private let entries = Mutex<[String: Data]>([:])
    func saveBookmark(_ data: Data, for key: String) throws { entries.withLock { $0[key] = data } }
    func loadBookmark(for key: String) throws -> Data? { entries.withLock { $0[key] } }
}

/// Records the path and resolves to it, whatever is there now.
private struct PathOnlyResolver: BookmarkResolving {
    func makeBookmark(for folder: URL) throws -> Data { Data(folder.path.utf8) }
    func resolveBookmark(_ data: Data) throws -> ResolvedBookmark {
        ResolvedBookmark(url: URL(filePath: String(decoding: data, as: UTF8.self)), isStale: false)
    }
}
