import BookmarkLive
import Foundation
import Testing

@Suite("Two processes saving bookmarks at once")
struct CrossProcessTests {
    /// The BookmarkStress executable built beside the test bundle.
    static func stressTool() throws -> URL {
        let candidates = [
            URL(filePath: CommandLine.arguments[0]).deletingLastPathComponent(),
            URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../../.build/debug"),
        ]
        for folder in candidates {
            let tool = folder.appending(path: "BookmarkStress")
            if FileManager.default.isExecutableFile(atPath: tool.path) { return tool }
        }
        throw CocoaError(
            .fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "BookmarkStress not built; run swift build"])
    }

    /// Runs two writers at once; returns what each printed.
    @discardableResult
    static func run(_ folder: URL, mode: String, count: Int) throws -> [String] {
        let tool = try stressTool()
        let processes = try ["A", "B"].map { writer in
            let process = Process()
            process.executableURL = tool
            process.arguments = [folder.path, writer, String(count), mode]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            return (process, output)
        }
        return processes.map { process, output in
            let printed = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            return String(decoding: printed, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    @Test("500 saves each to different keys lose nothing")
    func distinctKeys() throws {
        let home = try TemporaryFolder()
        let folder = home.url.appending(path: "store", directoryHint: .isDirectory)
        let printed = try Self.run(folder, mode: "distinct", count: 500)
        #expect(printed == ["A: saved 500, read back 0", "B: saved 500, read back 0"])
        let storage = DefaultBookmarkStorage(folder: folder)
        for writer in ["A", "B"] {
            for index in 0..<500 {
                let value = try #require(try storage.loadBookmark(for: "\(writer)-\(index)"))
                #expect(
                    value.starts(with: Data("\(writer):\(index):".utf8))
                        && value.count == "\(writer):\(index):".utf8.count + 4096)
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 1000)
    }

    @Test("500 saves each to one key never tear it and leave one whole value")
    func sameKey() throws {
        let home = try TemporaryFolder()
        let folder = home.url.appending(path: "store", directoryHint: .isDirectory)
        let printed = try Self.run(folder, mode: "same", count: 500)
        #expect(printed == ["A: saved 500, read back 500", "B: saved 500, read back 500"], "each save read back whole")
        let value = try #require(try DefaultBookmarkStorage(folder: folder).loadBookmark(for: "shared"))
        let text = String(decoding: value, as: UTF8.self)
        #expect(text.hasPrefix("A:499:") || text.hasPrefix("B:499:"))
        #expect(value.suffix(4096) == Data(repeating: UInt8(ascii: "x"), count: 4096))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 1)
    }
}
