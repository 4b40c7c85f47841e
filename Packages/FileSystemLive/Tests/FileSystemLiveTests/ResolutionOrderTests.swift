import FileSystemInterface
import FileSystemLive
import Foundation
import Testing

@Suite("DefaultFileSystemProvider's resolution order")
struct ResolutionOrderTests {
    let home: TemporaryFolder
    let environment: [String: String]

    init() throws {
        home = try TemporaryFolder()
        environment = [
            "HOME": home.url.path,
            "XDG_CONFIG_HOME": home.url.appending(path: "config").path,
            "XDG_DATA_HOME": home.url.appending(path: "data").path,
        ]
    }

    func provider(_ extra: [String: String] = [:]) -> DefaultFileSystemProvider {
        DefaultFileSystemProvider(applicationName: "synccli", environment: environment.merging(extra) { $1 })
    }

    func makeFolder(_ name: String) throws -> URL {
        let url = home.url.appending(path: name, directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("with nothing configured, .sync gets the default folder, created 0700")
    func builtInDefault() throws {
        let resolution = provider().resolveContainer(for: .sync)
        #expect(resolution.source == .builtInDefault)
        let url = try #require(resolution.url)
        #expect(url.path == home.url.appending(path: "data/synccli/container").path)
        let mode = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
        #expect(mode == 0o700)
    }

    @Test("the environment variable wins over the configuration file")
    func environmentWins() throws {
        let fromEnvironment = try makeFolder("env")
        try provider().setContainer(try makeFolder("config-folder"), for: .sync)
        let resolution = provider(["SYNCCLI_CONTAINER_SYNC": fromEnvironment.path]).resolveContainer(for: .sync)
        #expect(resolution.source == .environment("SYNCCLI_CONTAINER_SYNC"))
        #expect(resolution.url?.path == fromEnvironment.path)
    }

    @Test("the configuration file wins over the default, and the default is then never created")
    func configurationWins() throws {
        let folder = try makeFolder("mounted")
        try provider().setContainer(folder, for: .sync)
        #expect(provider().containerURL(for: .sync)?.path == folder.path)
        #expect(!FileManager.default.fileExists(atPath: provider().defaultSyncContainer.path))
    }

    @Test("a configured folder that is gone reads as not available, with the reason, and no fallback")
    func unmounted() throws {
        let gone = home.url.appending(path: "unmounted-drive")
        try provider().setContainer(gone, for: .sync)
        let resolution = provider().resolveContainer(for: .sync)
        #expect(resolution.url == nil)
        #expect(resolution.problem?.contains("does not exist") == true)
        #expect(!FileManager.default.fileExists(atPath: gone.path))
        #expect(!FileManager.default.fileExists(atPath: provider().defaultSyncContainer.path))
    }

    @Test(
        "a malformed configuration file reads as not available, never as the default",
        arguments: [
            "not json", "{\"version\": 2, \"containers\": {}}",
            "{\"version\": 1, \"containers\": {\"sync\": \"relative/path\"}}",
        ])
    func malformedConfiguration(contents: String) throws {
        let file = provider().configurationFile
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: file)
        let resolution = provider().resolveContainer(for: .sync)
        #expect(resolution.url == nil)
        #expect(resolution.problem?.contains(file.path) == true)
        #expect(!FileManager.default.fileExists(atPath: provider().defaultSyncContainer.path))
    }

    @Test("a relative path in the environment is refused")
    func relativeEnvironment() {
        let resolution = provider(["SYNCCLI_CONTAINER_SYNC": "relative"]).resolveContainer(for: .sync)
        #expect(resolution.url == nil)
        #expect(resolution.problem?.contains("absolute") == true)
    }

    @Test("a purpose other than .sync has no default")
    func otherPurposeNoDefault() {
        #expect(provider().containerURL(for: Purpose(rawValue: "photos")) == nil)
        #expect(provider().environmentVariable(for: Purpose(rawValue: "my-photos")) == "SYNCCLI_CONTAINER_MY_PHOTOS")
    }

    @Test("setting nil removes the entry and keeps the others")
    func removeEntry() throws {
        let photos = Purpose(rawValue: "photos")
        try provider().setContainer(try makeFolder("a"), for: .sync)
        try provider().setContainer(try makeFolder("b"), for: photos)
        try provider().setContainer(nil, for: .sync)
        let configuration = try #require(try provider().readConfiguration())
        #expect(configuration.containers.keys.sorted() == ["photos"])
    }
}
