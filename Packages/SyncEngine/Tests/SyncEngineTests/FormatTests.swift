import FileTreeInterface
import Foundation
import Testing

@testable import SyncEngine

@Suite("Stored formats: archive, plan, container document, conflict names")
struct FormatTests {
    @Test("an archive round-trips and refuses another pair, another version and garbage")
    func archive() throws {
        let entry = TreeEntry(
            path: try RelativePath("a.txt"), kind: .file, size: 3, modificationNanoseconds: 5,
            identity: FileIdentity(device: 1, inode: 2), permissions: 0o644)
        let record = ArchiveRecord(
            path: entry.path, kind: .file, size: 3, digest: ContentDigest(of: Array("abc".utf8)),
            local: SideSnapshot(entry), container: SideSnapshot(entry))
        let archive = Archive(pair: "docs", generation: 4, records: [entry.path: record])
        let data = try archive.encoded()
        #expect(try Archive.decode(data, pair: "docs") == archive)
        #expect(throws: ArchiveProblem.self) { try Archive.decode(data, pair: "other") }
        #expect(throws: ArchiveProblem.unsupportedVersion(9)) {
            try Archive.decode(Data("synccli-archive 9\n".utf8), pair: "docs")
        }
        #expect(throws: ArchiveProblem.corrupt("not an archive document")) {
            try Archive.decode(Data("x".utf8), pair: "docs")
        }
    }

    @Test("archive numbers round-trip at their extremes, and the text is as documented")
    func archiveNumbers() throws {
        var records = ArchiveRecords()
        let times: [Int64] = [0, -1, 9, 10, Int64.min, Int64.max, 1_764_497_700_123_456_789]
        let ids: [UInt64] = [0, 1, 10, UInt64.max, 4_294_967_296]
        for (index, time) in times.enumerated() {
            let path = try RelativePath("n\(index)")
            let identity = FileIdentity(device: ids[index % ids.count], inode: ids[(index + 1) % ids.count])
            let entry = TreeEntry(
                path: path, kind: .file, size: Int64(index) * 1_000_003, modificationNanoseconds: time,
                identity: identity, permissions: 0o644)
            records[path] = ArchiveRecord(
                path: path, kind: .file, size: entry.size,
                digest: index.isMultiple(of: 2) ? ContentDigest(high: UInt64.max, low: 0xAB) : nil,
                local: SideSnapshot(entry), container: SideSnapshot(entry))
        }
        let archive = Archive(pair: "p", generation: 3, records: records)
        let data = try archive.encoded()
        #expect(try Archive.decode(data, pair: "p") == archive)
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
        #expect(lines[3] == "f\t0\tffffffffffffffff00000000000000ab\t0\t0\t1\t0\t0\t1\t644\t644\tn0")
        #expect(
            lines[5]
                == "f\t2000006\tffffffffffffffff00000000000000ab\t9\t10\t18446744073709551615\t9\t10\t18446744073709551615\t644\t644\tn2"
        )
        #expect(
            lines[7]
                == "f\t4000012\tffffffffffffffff00000000000000ab\t-9223372036854775808\t4294967296\t0\t-9223372036854775808\t4294967296\t0\t644\t644\tn4"
        )
        #expect(lines[8].hasPrefix("f\t5000015\t-\t9223372036854775807\t"))
    }

    @Test("archive paths with tabs, newlines, percent signs and look-alike Unicode round-trip byte for byte")
    func archiveEscaping() throws {
        var records = ArchiveRecords()
        for (index, text) in ["a\tb", "line\nbreak", "100%", "caf\u{E9}", "cafe\u{301}", "%09literal", "dir/sub\r/x"]
            .enumerated()
        {
            let path = try RelativePath(text)
            let entry = TreeEntry(
                path: path, kind: .file, size: Int64(index), modificationNanoseconds: -5,
                identity: FileIdentity(device: 1, inode: UInt64(index)), permissions: 0o644)
            records[path] = ArchiveRecord(
                path: path, kind: .file, size: Int64(index), digest: nil,
                local: SideSnapshot(entry), container: SideSnapshot(entry))
        }
        let archive = Archive(pair: "p\tq", generation: 2, records: records)
        let decoded = try Archive.decode(try archive.encoded(), pair: "p\tq")
        #expect(decoded == archive)
        #expect(decoded.records.count == 7)
        let truncated = try archive.encoded().dropLast(3)
        #expect(throws: ArchiveProblem.self) { try Archive.decode(Data(truncated), pair: "p\tq") }
    }

    @Test("conflict copies keep the extension and name the date and machine")
    func conflictName() throws {
        let date = Date(timeIntervalSince1970: 1_764_497_700)  // 2025-11-30 10:15:00 UTC
        let name = ConflictName.make(for: try RelativePath("dir/report.final.txt"), date: date, machine: "laptop") {
            _ in false
        }
        #expect(name.text == "dir/report.final (conflict 2025-11-30 101500 laptop).txt")
        let hidden = ConflictName.make(for: try RelativePath(".profile"), date: date, machine: "m") { _ in false }
        #expect(hidden.text == ".profile (conflict 2025-11-30 101500 m)")
        let taken = try RelativePath("a (conflict 2025-11-30 101500 m).txt")
        let second = ConflictName.make(for: try RelativePath("a.txt"), date: date, machine: "m") { $0 == taken }
        #expect(second.text == "a (conflict 2025-11-30 101500 m 2).txt")
    }

    @Test("the container document records machines and refuses other versions")
    func containerDocument() throws {
        var document = ContainerDocument()
        document.recordSync(pair: "docs", machine: "a", at: Date(timeIntervalSince1970: 100))
        document.recordSync(pair: "docs", machine: "b", at: Date(timeIntervalSince1970: 200))
        #expect(document.lastOtherMachine(pair: "docs", besides: "a") == "b")
        #expect(document.lastOtherMachine(pair: "docs", besides: "b") == "a")
        #expect(try ContainerDocument.decode(try document.encoded(), path: "d") == document)
        #expect(throws: SyncError.self) {
            try ContainerDocument.decode(Data(#"{"version":2,"pairs":{}}"#.utf8), path: "d")
        }
    }

    @Test("a root marker is written with its keys sorted: the same stamp is the same bytes on every machine")
    func rootMarkerBytes() async throws {
        let rig = TestRig()
        let pair = try rig.pair("alpha")
        _ = try await rig.manager("alpha").sync(pair)
        let container = try #require(rig.text(at: "docs/.synccli-root", in: rig.container))
        let local = try #require(rig.text(at: ".synccli-root", in: pair.localRoot))
        let id = try #require(container.firstMatch(of: /"id":"([0-9a-f]{32})"/)?.1)
        #expect(container == #"{"id":"\#(id)","pair":"docs","sequence":1,"tool":"synccli","version":2}"# + "\n")
        #expect(local == #"{"pair":"docs","tool":"synccli","version":1}"# + "\n")
    }

    @Test(
        "a last sync outside the years 1 to 9999 is a damaged document, not a date that writes back unreadable",
        arguments: ["0-1-1T03:6:0+05", "0000-06-01T00:00:00Z", "10000-01-01T00:00:00Z"])
    func containerDocumentYears(date: String) {
        let text = #"{"version":1,"pairs":{"d":{"machines":{"m":{"lastSync":"\#(date)"}}}}}"#
        #expect(
            throws: SyncError.corruptState(
                path: "d", reason: "the last sync of m in d is not a date of the years 1 to 9999")
        ) {
            try ContainerDocument.decode(Data(text.utf8), path: "d")
        }
    }

    @Test(
        "pair names that cannot be one folder name are refused",
        arguments: ["", ".", "..", "a/b", ".synccli-x", "nul\u{0}"])
    func pairNames(name: String) {
        #expect(throws: SyncError.invalidPairName(name)) { try SyncPair(name: name, localRoot: URL(filePath: "/x")) }
    }

    @Test("a pair name may take 200 bytes of UTF-8, not 201")
    func pairNameLength() throws {
        let longest = String(repeating: "é", count: 100)
        #expect(try SyncPair(name: longest, localRoot: URL(filePath: "/x")).name == longest)
        #expect(throws: SyncError.invalidPairName(longest + "a")) {
            try SyncPair(name: longest + "a", localRoot: URL(filePath: "/x"))
        }
    }
}
