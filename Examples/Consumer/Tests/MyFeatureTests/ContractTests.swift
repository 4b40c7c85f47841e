import FileAccessorContract
import FileAccessorLive
import Foundation
import MyFeature
import Testing

@Test(arguments: FileAccessorContract.cases)
func contract(_ check: FileAccessorContractCase) throws {
    let root = FileManager.default.temporaryDirectory.appending(path: "contract-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: false)
    defer { try? FileManager.default.removeItem(at: root) }
    try check.verify(
        FileAccessorContractFixture(
            accessor: CountingAccessor(DefaultFileAccessor(readLimit: 1 << 20)), root: root,
            makeDirectory: { try FileManager.default.createDirectory(at: $0, withIntermediateDirectories: false) },
            listDirectory: { try FileManager.default.contentsOfDirectory(atPath: $0.path(percentEncoded: false)) },
            makeSymbolicLink: {
                try FileManager.default.createSymbolicLink(
                    atPath: $0.path(percentEncoded: false), withDestinationPath: $1)
            },
            readLimit: 1 << 20))
}
