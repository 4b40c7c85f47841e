import FileTreeInterface
import Foundation
import Testing

@testable import SyncEngine

/// A record line's fields are read one after another where they lie; whatever is missing or
/// damaged in a line refuses the archive, and every value reads back as written.
@Suite("The archive's record fields")
struct ArchiveRecordFieldsTests {
    static func archive() throws -> Archive {
        var archive = Archive(pair: "p", generation: 3)
        // A record keeps one size for both sides.
        func widest(_ size: Int64) -> SideSnapshot {
            SideSnapshot(
                size: size, modificationNanoseconds: Int64.min, identity: FileIdentity(high: .max, low: 0),
                permissions: 0o777)
        }
        func plain(_ size: Int64) -> SideSnapshot {
            SideSnapshot(
                size: size, modificationNanoseconds: 1_796_614_919_518_515_599,
                identity: FileIdentity(high: 2049, low: 131), permissions: nil)
        }
        let records = [
            ArchiveRecord(
                path: try RelativePath("a\tb/%c d"), kind: .file, size: Int64.max,
                digest: ContentDigest(high: .max, low: 1), local: widest(.max), container: plain(.max)),
            ArchiveRecord(
                path: try RelativePath("e"), kind: .directory, size: 0, digest: nil, local: plain(0),
                container: widest(0)),
            ArchiveRecord(
                path: try RelativePath("l"), kind: .symbolicLink, size: Int64.min, digest: nil, local: plain(.min),
                container: plain(.min)),
        ]
        for record in records { archive.records[record.path] = record }
        return archive
    }

    @Test("every value reads back as written: the extremes, a digest, unknown modes, a tab and % in a path")
    func roundTrip() throws {
        let archive = try Self.archive()
        #expect(try Archive.decode(try archive.encoded(), pair: "p") == archive)
    }

    @Test("a record line without any one of its tabs, or cut short at any of them, refuses the archive")
    func missingFields() throws {
        let text = String(decoding: try Self.archive().encoded(), as: UTF8.self)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let index = lines.firstIndex(where: { $0.hasPrefix("d\t") }) else {
            Issue.record("no folder record in \(text)")
            return
        }
        let line = lines[index]
        let tabs = line.indices.filter { line[$0] == "\t" }
        #expect(tabs.count == 11)
        let number = index - (lines.firstIndex(where: { $0.hasPrefix("f\t") }) ?? 0) + 1
        for tab in tabs {
            for damaged in [String(line[..<tab]) + String(line[line.index(after: tab)...]), String(line[..<tab])] {
                lines[index] = damaged
                let data = Data(lines.joined(separator: "\n").utf8)
                #expect(throws: ArchiveProblem.corrupt("record \(number) is malformed")) {
                    try Archive.decode(data, pair: "p")
                }
            }
        }
    }
}
