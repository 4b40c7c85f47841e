import Foundation
import Testing

/// The engine's sources stay small and split by concern: no file over ``SourceShape/lineLimit``
/// lines. Read from this package's own folder, found through `#filePath`.
@Suite("The engine's sources keep their shape")
struct SourceShapeTests {
    @Test("no engine source file is over 300 lines")
    func noLongFile() throws {
        let found = try SourceShape.sources(in: SourceShape.engineSources)
        #expect(found.count > 20, "the engine's sources were not found at \(SourceShape.engineSources.path)")
        let long = try SourceShape.overLimit(in: SourceShape.engineSources)
        #expect(long.isEmpty, "split these by concern: \(long.joined(separator: ", "))")
    }

    @Test("the size check finds a planted file of 301 lines, and passes one of 300")
    func sizeCheckCanFail() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "source-shape-\(UUID().uuidString)")
        let nested = folder.appending(path: "Planning", directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let line = "let x = 1\n"
        try Data(String(repeating: line, count: 300).utf8).write(to: nested.appending(path: "Fits.swift"))
        #expect(try SourceShape.overLimit(in: folder).isEmpty)
        try Data(String(repeating: line, count: 301).utf8).write(to: nested.appending(path: "TooLong.swift"))
        #expect(try SourceShape.overLimit(in: folder) == ["Planning/TooLong.swift (301 lines)"])
    }
}

/// Reads the engine's source files.
enum SourceShape {
    /// The most lines an engine source file may have.
    static let lineLimit = 300

    /// `Sources/SyncEngine` of this package.
    static var engineSources: URL {
        URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appending(path: "Sources/SyncEngine", directoryHint: .isDirectory)
    }

    /// Every Swift file below `folder`, as paths relative to it, sorted.
    static func sources(in folder: URL) throws -> [String] {
        let root = folder.standardizedFileURL.path(percentEncoded: false)
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted()
    }

    /// The files below `folder` over ``lineLimit`` lines, each as `path (n lines)`.
    static func overLimit(in folder: URL) throws -> [String] {
        try sources(in: folder).compactMap { relative in
            let text = try String(contentsOf: folder.appending(path: relative), encoding: .utf8)
            let count =
                text.split(separator: "\n", omittingEmptySubsequences: false).count
                - (text.hasSuffix("\n") ? 1 : 0)
            return count > lineLimit ? "\(relative) (\(count) lines)" : nil
        }
    }
}
