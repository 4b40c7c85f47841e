import BookmarkContract
import BookmarkLive
import Foundation
import Testing

@Suite("The Live bookmark store and resolver pass their contracts on the real file system")
struct BookmarkLiveContractTests {
    @Test("storage contract case", arguments: BookmarkStorageContract.cases)
    func storage(_ check: BookmarkStorageContractCase) throws {
        let home = try TemporaryFolder()
        let folder = home.url.appending(path: "state/bookmarks", directoryHint: .isDirectory)
        try check.verify(BookmarkStorageContractFixture { DefaultBookmarkStorage(folder: folder) })
    }

    @Test("resolving contract case", arguments: BookmarkResolvingContract.cases)
    func resolving(_ check: BookmarkResolvingContractCase) throws {
        let home = try TemporaryFolder()
        let manager = FileManager.default
        try check.verify(
            BookmarkResolvingContractFixture(
                resolver: DefaultBookmarkResolver(), root: home.url,
                makeDirectory: { try manager.createDirectory(at: $0, withIntermediateDirectories: false) },
                makeFile: { try Data("x".utf8).write(to: $0) },
                move: { try manager.moveItem(at: $0, to: $1) },
                remove: { try manager.removeItem(at: $0) }))
    }
}
