import FileSystemInterface
import FileSystemLive
import Foundation
import Testing

/// A home folder whose path has a space, a percent sign and accents (common on shared machines
/// and in user names): every file the provider makes or reads is at that exact path, never at
/// its percent-encoded spelling.
@Suite("A home folder with a space, a percent sign and accents in its path")
struct OddHomePathTests {
    let top: TemporaryFolder
    let home: URL
    let environment: [String: String]

    init() throws {
        top = try TemporaryFolder()
        home = top.url.appending(path: "Jos\u{e9} 100% home", directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        environment = [
            "HOME": home.path(percentEncoded: false),
            "XDG_CONFIG_HOME": home.appending(path: "my config").path(percentEncoded: false),
            "XDG_DATA_HOME": home.appending(path: "my data").path(percentEncoded: false),
        ]
    }

    var provider: DefaultFileSystemProvider {
        DefaultFileSystemProvider(applicationName: "synccli", environment: environment)
    }

    /// Everything below the temporary folder, by path relative to it (so an encoded spelling
    /// such as `100%25` would show).
    var made: [String] {
        (try? FileManager.default.subpathsOfDirectory(atPath: top.url.path(percentEncoded: false)).sorted()) ?? []
    }

    @Test("the default container is made there, and given back there")
    func defaultContainer() throws {
        let url = try #require(provider.containerURL(for: .sync))
        let expected = home.appending(path: "my data/synccli/container").path(percentEncoded: false)
        #expect(Self.trimmed(url.path(percentEncoded: false)) == Self.trimmed(expected))
        #expect(made.contains("Jos\u{e9} 100% home/my data/synccli/container"))
        #expect(!made.contains { $0.contains("%25") || $0.contains("%20") }, "\(made)")
    }

    @Test("a folder set as the container is written to the configuration file there, and read back")
    func configuredContainer() throws {
        let folder = home.appending(path: "Sync 50%", directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try provider.setContainer(folder, for: .sync)
        let file = provider.configurationFile.path(percentEncoded: false)
        #expect(file.contains("/Jos\u{e9} 100% home/my config/") && FileManager.default.fileExists(atPath: file))
        #expect(!made.contains { $0.contains("%25") || $0.contains("%20") }, "\(made)")
        let configured = try #require(try provider.readConfiguration())
        #expect(Self.trimmed(configured.containers["sync"]) == Self.trimmed(folder.path(percentEncoded: false)))
        #expect(provider.resolveContainer(for: .sync).source == .configuration(provider.configurationFile))
        #expect(
            Self.trimmed(provider.containerURL(for: .sync)?.path(percentEncoded: false))
                == Self.trimmed(folder.path(percentEncoded: false)))
    }

    static func trimmed(_ path: String?) -> String? {
        path.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
    }
}
