import FileSystemContract
import FileSystemInterface
import FileSystemLive
import Foundation
import Testing

@Suite("DefaultFileSystemProvider passes the file system contract on the real file system")
struct DefaultFileSystemProviderContractTests {
    @Test("contract case (folders named by the configuration file)", arguments: FileSystemContract.cases)
    func contract(_ check: FileSystemContractCase) throws {
        let home = try TemporaryFolder()
        let scratch = home.url.appending(path: "scratch", directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: false)
        let fixture = FileSystemContractFixture(
            scratch: scratch,
            makeProvider: { containers in
                let provider = DefaultFileSystemProvider(
                    applicationName: "contract",
                    environment: [
                        "HOME": home.url.path, "XDG_CONFIG_HOME": home.url.appending(path: "config").path,
                        "XDG_DATA_HOME": home.url.appending(path: "data").path,
                    ])
                for (purpose, url) in containers { try provider.setContainer(url, for: purpose) }
                return provider
            },
            makeDirectory: { try FileManager.default.createDirectory(at: $0, withIntermediateDirectories: false) },
            makeFile: { try Data("x".utf8).write(to: $0) },
            remove: { try FileManager.default.removeItem(at: $0) },
            exists: { FileManager.default.fileExists(atPath: $0.path) },
            makeSymbolicLink: { link, target in
                try FileManager.default.createSymbolicLink(
                    atPath: link.path(percentEncoded: false).trimmingSuffixSlash, withDestinationPath: target)
            })
        try check.verify(fixture)
    }
}

extension String {
    /// The path without a trailing slash, so a link is made at the name, not inside it.
    fileprivate var trimmingSuffixSlash: String {
        var path = self
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        return path
    }
}
