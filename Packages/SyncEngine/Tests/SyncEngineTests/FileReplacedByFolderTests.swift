import FileTreeInterface
import Foundation
import Testing

@testable import SyncEngine

/// A file on one machine against a folder of its name on another: the machine that meets the
/// conflict first keeps the file as a conflict copy; the other one must not make a second.
@Suite("A file against a folder, resolved by one machine and seen by another")
struct FileReplacedByFolderTests {
    @Test("a file against a folder made on both sides is one conflict copy, which the third sync does not repeat")
    func bothSidesThenOnce() async throws {
        let rig = TestRig()
        try rig.put("base", at: "base.txt", in: rig.localRoot("alpha"))
        _ = try await rig.manager("alpha").sync(try rig.pair("alpha"))
        _ = try await rig.manager("beta").sync(try rig.pair("beta"))
        try rig.put("file", at: "same", in: rig.localRoot("alpha"))
        try rig.put("inner", at: "same/inner.txt", in: rig.localRoot("beta"))
        _ = try await rig.manager("alpha").sync(try rig.pair("alpha"))
        let conflict = try await rig.manager("beta").sync(try rig.pair("beta"))
        #expect(conflict.conflicts.count == 1)
        let again = try await rig.manager("alpha").sync(try rig.pair("alpha"))
        #expect(again.conflicts.isEmpty, "\(again.conflicts)")
        // alpha's unchanged file goes to its trash for the folder: a deletion (the max-delete
        // guard counts it), not a replacement.
        #expect(again.deleted == 1 && again.replaced == 0, "deleted \(again.deleted), replaced \(again.replaced)")
        _ = try await rig.manager("beta").sync(try rig.pair("beta"))
        for machine in ["alpha", "beta"] {
            let files = rig.contents(of: rig.localRoot(machine))
            #expect(files.count == 4, "\(machine): \(files.keys.sorted())")
            #expect(
                files.filter { $0.key.hasPrefix("same (conflict ") }.values.sorted() == ["file"], "\(machine): \(files)"
            )
            #expect(files["same"] == "/" && files["same/inner.txt"] == "inner")
        }
    }
}
