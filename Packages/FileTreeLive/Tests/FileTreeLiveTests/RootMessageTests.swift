import FileTreeInterface
import FileTreeLive
import Foundation
import Testing

@Suite("A root that cannot be used is named as the person typed it, never percent-encoded")
struct RootMessageTests {
    @Test(
        "a missing root, or one under a missing folder, is rootUnavailable with its plain path",
        arguments: ["my folder é", "gone parent/my folder é"])
    func missingRootIsNamedPlainly(relative: String) throws {
        let folder = try TemporaryFolder()
        let root = folder.url.appending(path: relative, directoryHint: .isDirectory)
        let plain = folder.url.path(percentEncoded: false) + relative + "/"
        #expect(throws: TreeError.rootUnavailable(plain)) {
            try POSIXTreeScanner().scan(root: root) { _, _ in false }
        }
    }
}
