import FileSystemInterface
import FileSystemLive
import Foundation
import Testing

/// An injected environment is the whole truth (issue 18 item 8): without a usable `HOME` there
/// is no default container, and nothing is created under the password database's home.
@Suite("DefaultFileSystemProvider without a usable HOME")
struct MissingHomeTests {
    @Test(
        "no HOME, an empty one or a relative one: no default container, nothing created",
        arguments: [[:], ["HOME": ""], ["HOME": "relative/home"]] as [[String: String]])
    func noDefault(_ environment: [String: String]) throws {
        let application = "missing-home-\(UUID().uuidString)"
        let provider = DefaultFileSystemProvider(applicationName: application, environment: environment)
        let resolution = provider.resolveContainer(for: .sync)
        #expect(resolution.url == nil)
        #expect(resolution.problem?.contains("HOME") == true, "\(resolution.problem ?? "no problem")")
        #expect(try provider.readConfiguration() == nil)
        #expect(throws: ConfigurationError.self) { try provider.setContainer(URL(filePath: "/tmp"), for: .sync) }
        let passwordHome = URL(filePath: NSHomeDirectory(), directoryHint: .isDirectory)
        for folder in [".local/share", ".config"] {
            let made = passwordHome.appending(path: folder).appending(path: application)
            #expect(!FileManager.default.fileExists(atPath: made.path), "created \(made.path)")
        }
    }

    @Test("absolute XDG folders are enough without HOME")
    func xdgAlone() throws {
        let home = try TemporaryFolder()
        let provider = DefaultFileSystemProvider(
            applicationName: "synccli",
            environment: [
                "XDG_DATA_HOME": home.url.appending(path: "data").path,
                "XDG_CONFIG_HOME": home.url.appending(path: "config").path,
            ])
        #expect(provider.containerURL(for: .sync) != nil)
    }
}
