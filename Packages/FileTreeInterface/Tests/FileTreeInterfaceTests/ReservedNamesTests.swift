import FileTreeInterface
import Foundation
import Testing

@Suite("Reserved names, defined once", .tags(.small))
struct ReservedNamesTests {
    static let names = [
        ReservedNames.temporaryPrefix, ReservedNames.trashFolder, ReservedNames.rootMarker, ReservedNames.ignoreFile,
        ReservedNames.sideMetadata, ReservedNames.lockPrefix, ReservedNames.probePrefix,
        ReservedNames.conditionsRecordPrefix,
    ]

    @Test("every name the tool keeps starts with the prefix, and they are the documented ones")
    func namesAndPrefix() {
        #expect(Self.names.allSatisfy(ReservedNames.isReserved))
        #expect(
            Self.names == [
                ".synccli-tmp-", ".synccli-trash", ".synccli-root", ".synccliignore", ".synccli-metadata.json",
                ".synccli-lock-", ".synccli-probe-", ".synccli-conditions-",
            ])
        #expect(!ReservedNames.isReserved("synccli-root"))
        #expect(!ReservedNames.isReserved(".synccl"))
        #expect(StagedCopy.temporaryPrefix == ReservedNames.temporaryPrefix)
    }

    @Test("a conflict copy's name is recognised for its own name only")
    func conflictCopies() {
        let copy = "report.final" + ReservedNames.conflictSuffix("2026-12-01 101500 laptop") + ".txt"
        #expect(copy == "report.final (conflict 2026-12-01 101500 laptop).txt")
        #expect(ReservedNames.isConflictCopy(copy, of: "report.final.txt"))
        #expect(!ReservedNames.isConflictCopy(copy, of: "report.txt"))
        #expect(!ReservedNames.isConflictCopy("report.final (copy).txt", of: "report.final.txt"))
        #expect(ReservedNames.isConflictCopy(".profile (conflict x)", of: ".profile"))
    }

    @Test("a leading dot is not an extension")
    func stems() {
        #expect(ReservedNames.stemAndExtension(of: ".profile") == (".profile", ""))
        #expect(ReservedNames.stemAndExtension(of: "a.b.c") == ("a.b", ".c"))
        #expect(ReservedNames.stemAndExtension(of: "plain") == ("plain", ""))
    }

    @Test(
        "a path's last name is reserved exactly when that name alone is",
        arguments: [
            ".synccli", ".synccli-trash", "a/.synccli-root", "a/b/.synccliX", ".synccl", "a/.synccl", ".synccli/a",
            "a/b/c.txt", "é/.synccli-tmp-0123456789abcdef", "x.synccli", "a/x.synccli", "s", "a/.SYNCCLI",
        ])
    func reservedPaths(text: String) throws {
        let path = try RelativePath(text)
        #expect(ReservedNames.isReserved(path) == ReservedNames.isReserved(path.name), "\(text)")
    }

    @Test("the root's name is not reserved")
    func root() {
        #expect(!ReservedNames.isReserved(RelativePath.root))
    }
}
