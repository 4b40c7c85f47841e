import FileSystemInterface
import FileSystemLive
import Foundation
import Testing

@Suite("DefaultFileSystemProvider with containers on servers")
struct ServerContainerTests {
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

    @Test(
        "an http(s) URL in the environment is the container, normalized, and nothing is looked for on disk",
        arguments: [
            ("http://127.0.0.1:1/x", "http://127.0.0.1:1/x/"),
            ("HTTPS://dav.example.org/sync/", "https://dav.example.org/sync/"),
        ])
    func environmentURL(value: String, expected: String) {
        let resolution = provider(["SYNCCLI_CONTAINER_SYNC": value]).resolveContainer(for: .sync)
        #expect(resolution.source == .environment("SYNCCLI_CONTAINER_SYNC"))
        #expect(resolution.problem == nil)
        #expect(resolution.url?.absoluteString == expected)
        #expect(!FileManager.default.fileExists(atPath: provider().defaultSyncContainer.path))
    }

    @Test("setContainer writes a server URL, which the configuration file then gives back")
    func configuredURL() throws {
        let server = try #require(URL(string: "https://dav.example.org/sync/"))
        try provider().setContainer(server, for: .sync)
        #expect(try provider().readConfiguration()?.containers["sync"] == "https://dav.example.org/sync/")
        let resolution = provider().resolveContainer(for: .sync)
        #expect(resolution.source == .configuration(provider().configurationFile))
        #expect(resolution.url == server)
    }

    @Test(
        "another scheme or credentials in the environment read as not available, never showing the password",
        arguments: [
            ("ftp://host/x/", "ftp://"), ("http://user:secret@host/x/", "user name or password"),
        ])
    func refusedEnvironment(value: String, reason: String) {
        let resolution = provider(["SYNCCLI_CONTAINER_SYNC": value]).resolveContainer(for: .sync)
        #expect(resolution.url == nil)
        #expect(resolution.problem?.contains(reason) == true, "\(resolution.problem ?? "")")
        #expect(resolution.problem?.contains("secret") == false)
    }

    @Test(
        "a configuration file naming another scheme or credentials is malformed, never showing the password",
        arguments: [
            "s3://bucket/x", "https://user:secret@dav.example.org/",
        ])
    func refusedConfiguration(value: String) throws {
        let file = provider().configurationFile
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"version": 1, "containers": {"sync": "\#(value)"}}"#.utf8).write(to: file)
        let resolution = provider().resolveContainer(for: .sync)
        #expect(resolution.url == nil)
        #expect(resolution.problem?.contains(file.path) == true)
        #expect(resolution.problem?.contains("secret") == false)
        #expect(!FileManager.default.fileExists(atPath: provider().defaultSyncContainer.path))
    }

    @Test("setContainer refuses a URL that could not be read back, and leaves the file as it was")
    func setRefusesBadURL() throws {
        let folder = home.url.appending(path: "c", directoryHint: .isDirectory)
        try provider().setContainer(folder, for: .sync)
        let bad = try #require(URL(string: "http://user:secret@host/x/"))
        #expect(throws: ConfigurationError.self) { try provider().setContainer(bad, for: .sync) }
        #expect(try provider().readConfiguration()?.containers["sync"] == folder.path(percentEncoded: false))
    }
}
