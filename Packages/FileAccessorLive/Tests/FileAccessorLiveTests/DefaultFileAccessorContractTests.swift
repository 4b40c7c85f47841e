import FileAccessorContract
import FileAccessorLive
import Foundation
import Testing

@Suite("DefaultFileAccessor passes the file accessor contract on the real file system")
struct DefaultFileAccessorContractTests {
    @Test("contract case", arguments: FileAccessorContract.cases)
    func contract(_ check: FileAccessorContractCase) throws {
        let folder = try TemporaryFolder()
        let fixture = FileAccessorContractFixture(
            accessor: DefaultFileAccessor(readLimit: 1 << 20), root: folder.url,
            makeDirectory: { try FileManager.default.createDirectory(at: $0, withIntermediateDirectories: false) },
            listDirectory: { try FileManager.default.contentsOfDirectory(atPath: $0.path(percentEncoded: false)) },
            makeSymbolicLink: { link, target in
                try FileManager.default.createSymbolicLink(
                    atPath: link.path(percentEncoded: false), withDestinationPath: target)
            },
            readLimit: 1 << 20)
        try check.verify(fixture)
    }
}
