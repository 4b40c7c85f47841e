import FileSystemInterface
import Foundation
import SyncEngine
import SyncEngineLive
import Testing

/// Building a manager touches nothing on the disk: the state folder is made by the injected
/// provider, on the first write into it.
@Suite("The Live state folder is made on first write, never when a manager is built")
struct StateFolderTests {
    struct NoContainer: FileSystemProviding {
        func containerURL(for purpose: Purpose) -> URL? { nil }
    }

    /// A fresh empty folder (the caller removes it).
    static func emptyFolder() throws -> URL {
        let folder = URL(filePath: NSTemporaryDirectory()).appending(
            path: "state-folder-\(UUID().uuidString)", directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    static func contents(of folder: URL) throws -> [String] {
        try FileManager.default.subpathsOfDirectory(atPath: folder.path(percentEncoded: false)).sorted()
    }

    @Test("the injected Live state folder is made (0700, with its ancestors) by the first write only")
    func liveStateFolder() async throws {
        let folder = try Self.emptyFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let state = folder.appending(path: "deep/synccli", directoryHint: .isDirectory)
        let manager = SyncManager(fileSystem: NoContainer(), stateFolder: LiveStateFolder(state))
        await #expect(throws: SyncError.containerNotAvailable) { try await manager.sync() }
        #expect(try await manager.pairs().isEmpty)
        #expect(try Self.contents(of: folder).isEmpty, "building, a refused sync and a read made something")
        let pair = try SyncPair(name: "docs", localRoot: folder.appending(path: "docs", directoryHint: .isDirectory))
        try await manager.register(pair)
        #expect(try Self.contents(of: folder) == ["deep", "deep/synccli", "deep/synccli/pairs.json"])
        let mode = try FileManager.default.attributesOfItem(atPath: state.path(percentEncoded: false))[
            .posixPermissions]
        #expect((mode as? NSNumber)?.intValue == 0o700)
        #expect(try await manager.pairs() == [pair])
    }

    @Test("SyncEnvironment.live names the XDG state folder and makes nothing")
    func liveEnvironment() throws {
        let home = try Self.emptyFolder()
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = SyncEnvironment.live(environment: ["HOME": home.path(percentEncoded: false)])
        #expect(environment.stateFolder.path(percentEncoded: false).hasSuffix("/.local/state/synccli/"))
        #expect(try Self.contents(of: home).isEmpty)
    }

    /// The variable that makes ``guideFormChild()`` do its work (only in the child process).
    static let childVariable = "SYNCENGINELIVE_GUIDE_CHILD"

    @Test("the guide's SyncManager(fileSystem: nil container), run with HOME an empty folder, leaves it empty")
    func guideFormMakesNothing() throws {
        let home = try Self.emptyFolder()
        defer { try? FileManager.default.removeItem(at: home) }
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("XDG_") }
        environment["HOME"] = home.path(percentEncoded: false)
        environment[Self.childVariable] = "1"
        let child = Process()
        child.executableURL = URL(filePath: CommandLine.arguments[0])
        child.arguments = ["--testing-library", "swift-testing", "--filter", "guideFormChild"]
        child.environment = environment
        let output = Pipe()
        child.standardOutput = output
        child.standardError = output
        try child.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        child.waitUntilExit()
        #expect(child.terminationStatus == 0, "the child failed:\n\(printed)")
        #expect(printed.contains("Test run with 1 test "), "the child did not run its one test:\n\(printed)")
        let made = try Self.contents(of: home)
        #expect(made.isEmpty, "made in HOME: \(made)")
    }

    /// Run by ``guideFormMakesNothing()`` in a child process whose HOME is an empty folder;
    /// elsewhere it does nothing.
    @Test("(child) the guide's form with a nil container")
    func guideFormChild() async throws {
        guard ProcessInfo.processInfo.environment[Self.childVariable] == "1" else { return }
        let manager = SyncManager(fileSystem: NoContainer())
        await #expect(throws: SyncError.containerNotAvailable) { try await manager.sync() }
        await #expect(throws: SyncError.containerNotAvailable) { try await manager.loadData() }
        #expect(try await manager.pairs().isEmpty)
    }
}
