import Foundation
import SyncEngine
import Testing

@testable import SyncCLICore

/// Containers on WebDAV servers, as the command line reads them: no server is contacted here.
@Suite("synccli with a container URL")
struct ServerContainerTests {
    let scratch: Scratch
    var home: URL { scratch.url }
    let environment: [String: String]

    init() throws {
        scratch = try Scratch()
        let home = scratch.url
        environment = [
            "HOME": home.path, "XDG_CONFIG_HOME": home.appending(path: "config").path,
            "XDG_STATE_HOME": home.appending(path: "state").path, "XDG_DATA_HOME": home.appending(path: "data").path,
            "SYNCCLI_MACHINE": "test",
        ]
    }

    var sources: ContainerArgument.CredentialSources {
        ContainerArgument.CredentialSources(
            file: home.appending(path: "config/synccli/credentials"), userVariable: "SYNCCLI_WEBDAV_USER",
            passwordVariable: "SYNCCLI_WEBDAV_PASSWORD")
    }

    /// The pair finder of a run with `--container` and the variables `extra` added, on the Live wiring.
    func finder(container: String, extra: [String: String] = [:]) throws -> (PairFinder, Wiring) {
        let wiring = try Wiring(environment: environment.merging(extra) { $1 }, container: container)
        let streams = RecordingStreams()
        return (PairFinder(services: wiring.services(streams: streams), console: Console(streams: streams)), wiring)
    }

    func folder(_ name: String) throws -> URL {
        let url = home.appending(path: name, directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test(
        "http and https URLs are containers, kept as typed with a path ending in /",
        arguments: [
            ("http://127.0.0.1:1/x", "http://127.0.0.1:1/x/"),
            ("https://dav.example.org/sync/", "https://dav.example.org/sync/"),
            ("HTTP://127.0.0.1:8080", "http://127.0.0.1:8080/"),
        ])
    func accepted(text: String, expected: String) throws {
        #expect(
            try ContainerArgument.serverURL(text, label: "--container", credentials: sources)?.absoluteString
                == expected)
        let wiring = try Wiring(environment: environment, container: text)
        #expect(wiring.explicit?.absoluteString == expected)
        #expect(try wiring.containerInForce().get().absoluteString == expected)
    }

    @Test(
        "a path is not a URL: it stays a folder, resolved as before",
        arguments: ["/mnt/container", "relative/c", "notes:2024"])
    func paths(text: String) throws {
        #expect(try ContainerArgument.serverURL(text, label: "--container", credentials: sources) == nil)
        #expect(try Wiring(environment: environment, container: text).explicit?.isFileURL == true)
    }

    @Test(
        "another scheme is one usage line naming the supported schemes",
        arguments: [
            "ftp://host/x/", "s3://bucket/x", "webdav://host/x/", "file:///mnt/x",
        ])
    func otherScheme(text: String) throws {
        let failure = try #require(throws: CLIFailure.self) { try Wiring(environment: environment, container: text) }
        #expect(failure.code == .usage)
        #expect(failure.message.contains("http:// or https://"), "\(failure.message)")
        #expect(!failure.message.contains("\n"))
    }

    @Test(
        "credentials in the URL are one usage line pointing at the credentials file and variables, never the password",
        arguments: [
            "http://u:secret@host/x/", "https://alice:secret@dav.example.org:8443/s",
        ])
    func credentialsInURL(text: String) throws {
        let failure = try #require(throws: CLIFailure.self) { try Wiring(environment: environment, container: text) }
        #expect(failure.code == .usage)
        #expect(!failure.message.contains("secret"))
        #expect(failure.message.contains(home.appending(path: "config/synccli/credentials").path))
        #expect(failure.message.contains("SYNCCLI_WEBDAV_USER") && failure.message.contains("SYNCCLI_WEBDAV_PASSWORD"))
        #expect(failure.message.contains("netrc"))
        #expect(!failure.message.contains("\n"))
    }

    @Test(
        "synccli exits 2 for a bad container URL, before anything else",
        arguments: [
            ["--container", "ftp://host/x/", "sync", "/nonexistent"],
            ["sync", "/nonexistent", "--container", "http://u:secret@h/x/"],
            ["container", "set", "webdav://host/x/"], ["container", "set", "http://u:secret@h/x/"],
        ])
    func exitCode(arguments: [String]) async {
        #expect(await SyncCLI.run(arguments, environment: environment) == .usage)
        #expect(!FileManager.default.fileExists(atPath: home.appending(path: "config/synccli/containers.json").path))
    }

    @Test("options before the command are the command's own")
    func leadingOptions() throws {
        let parsed = try ArgumentParser.parse(["--container", "http://127.0.0.1:1/x/", "--json", "sync", "docs"])
        #expect(parsed.command == "sync" && parsed.positionals == ["docs"])
        #expect(parsed.values == ["container": "http://127.0.0.1:1/x/"] && parsed.flags == ["json"])
        #expect(try ArgumentParser.parse(["--container=/c", "trash", "list", "docs"]).values["container"] == "/c")
        #expect(throws: UsageError.self) { try ArgumentParser.parse(["--container", "/c"]) }
        #expect(throws: UsageError.self) { try ArgumentParser.parse(["--bogus", "sync"]) }
    }

    @Test("container set stores a URL, and container show shows it, with no server contacted")
    func containerSet() async throws {
        #expect(await SyncCLI.run(["container", "set", "http://127.0.0.1:1/x"], environment: environment) == .success)
        let shown = try Wiring(environment: environment, container: nil).describeContainer()
        #expect(shown.folder == "http://127.0.0.1:1/x/")
        #expect(shown.isAvailable)
        #expect(await SyncCLI.run(["container", "show", "--json"], environment: environment) == .success)
    }

    @Test("a pair takes the URL container, and credentials refused for its server are exit 4 naming the fix")
    func pairContainer() async throws {
        let docs = try folder("docs")
        let (finder, _) = try finder(container: "http://127.0.0.1:1/x")
        let pair = try await finder.pair(forFolder: docs.path, name: nil)
        #expect(pair.container?.absoluteString == "http://127.0.0.1:1/x/")
        #expect(
            pair.container?.appending(path: pair.name, directoryHint: .isDirectory).absoluteString
                == "http://127.0.0.1:1/x/docs/")

        let (halfSet, _) = try self.finder(container: "http://127.0.0.1:1/x", extra: ["SYNCCLI_WEBDAV_USER": "alice"])
        let failure = try await #require(throws: CLIFailure.self) {
            try await halfSet.pair(forFolder: docs.path, name: nil)
        }
        #expect(failure.code == .containerUnavailable)
        #expect(failure.message.contains("SYNCCLI_WEBDAV_PASSWORD") && failure.message.contains("127.0.0.1"))
    }

    @Test("a folder container needs no credentials, even when their sources are broken")
    func folderNeedsNoCredentials() async throws {
        let docs = try folder("docs")
        let container = try folder("container")
        let (finder, _) = try finder(container: container.path, extra: ["SYNCCLI_WEBDAV_USER": "alice"])
        let pair = try await finder.pair(forFolder: docs.path, name: nil)
        #expect(pair.container?.isFileURL == true)
    }

    @Test("a URL container round-trips through the pair list, and the pair is listed with it")
    func pairListRoundTrip() async throws {
        let docs = try folder("docs")
        let (finder, wiring) = try finder(container: "https://dav.example.org/sync")
        let manager = wiring.manager()
        let pair = try await finder.pair(forFolder: docs.path, name: nil)
        try await manager.register(pair)
        let stored = try await manager.pairs().first { $0.name == "docs" }
        #expect(stored?.container?.absoluteString == "https://dav.example.org/sync/")
        #expect(pair.container.map(\.displayPath) == "https://dav.example.org/sync/")
    }
}

/// A temporary folder, removed with its contents when the test is done.
final class Scratch: Sendable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appending(
            path: "synccli-server-\(UUID().uuidString)", directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}
