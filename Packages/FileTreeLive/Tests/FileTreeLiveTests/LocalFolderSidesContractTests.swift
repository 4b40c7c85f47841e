import FileTreeContract
import FileTreeInterface
import FileTreeLive
import Foundation
import POSIXSupport
import SideContract
import Testing

@Suite("LocalFolderSides passes the side contract on the real file system")
struct LocalFolderSidesContractTests {
    @Test("side contract case", arguments: SideContract.cases)
    func contract(_ check: SideContractCase) throws {
        let folder = try TemporaryFolder()
        try check.verify(
            SideContractFixture(
                sides: LocalFolderSides(), first: try folder.folder("first"), second: try folder.folder("second"),
                makeFile: LiveWorld.makeFile, makeFolder: LiveWorld.makeFolder,
                makeSymbolicLink: LiveWorld.makeSymbolicLink,
                readFile: { try FileContents.read($0.path(percentEncoded: false)) },
                listFolder: { try DirectoryListing.names(in: $0.path(percentEncoded: false)) }))
    }

}
