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

    @Test("no engine source reads what an identity is made of (device, inode): identities are opaque")
    func identitiesOpaque() throws {
        let found = try SourceShape.namingPOSIXIdentity(in: SourceShape.engineSources)
        #expect(found.isEmpty, "the engine only compares, hashes and stores FileIdentity: \(found)")
    }

    @Test("the identity check finds a planted read of an inode, and skips comments")
    func identityCheckCanFail() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "source-shape-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("/// device and inode, in words\nlet a = 1\n".utf8).write(to: folder.appending(path: "Fine.swift"))
        #expect(try SourceShape.namingPOSIXIdentity(in: folder).isEmpty)
        try Data("let a = entry.identity.inode\n".utf8).write(to: folder.appending(path: "Reads.swift"))
        #expect(try SourceShape.namingPOSIXIdentity(in: folder) == ["Reads.swift:1"])
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

    /// The code lines (comments aside) below `folder` that name `device` or `inode`, as `path:line`.
    static func namingPOSIXIdentity(in folder: URL) throws -> [String] {
        try sources(in: folder).flatMap { relative in
            let text = try String(contentsOf: folder.appending(path: relative), encoding: .utf8)
            return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap {
                index, line in
                let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                let words = code.split { !($0.isLetter || $0.isNumber || $0 == "_") }
                return words.contains { $0 == "device" || $0 == "inode" } ? "\(relative):\(index + 1)" : nil
            }
        }
    }
}
