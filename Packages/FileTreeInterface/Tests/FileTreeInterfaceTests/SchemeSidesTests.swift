import FileTreeInterface
import Foundation
import Synchronization
import Testing

@Suite("SchemeSides opens each root with its scheme's opener")
struct SchemeSidesTests {
    @Test(
        "each scheme goes to its own opener, whatever its case", .tags(.small),
        arguments: [
            ("file:///data/docs/", "file"),
            ("http://127.0.0.1:8080/sync/", "web"),
            ("https://dav.example.org/sync/", "web"),
            ("HTTPS://dav.example.org/sync/", "web"),
            ("File:///data/docs/", "file"),
        ])
    func dispatches(root: String, expected: String) throws {
        let file = RecordingOpener()
        let web = RecordingOpener()
        let sides = SchemeSides(["file": file, "HTTP": web, "https": web])
        let url = try #require(URL(string: root))
        let side = try sides.openSide(at: url)
        #expect(side.location == url.path(percentEncoded: false))
        let (chosen, other) = expected == "file" ? (file, web) : (web, file)
        #expect(chosen.opened == [url])
        #expect(other.opened.isEmpty)
    }

    @Test(
        "a root whose scheme has no opener, or no scheme, is rootUnavailable naming the URL", .tags(.small),
        arguments: [
            "ftp://host/x/", "webdav://host/x/", "s3://bucket/x/", "relative/folder",
        ])
    func unknownScheme(root: String) throws {
        let opener = RecordingOpener()
        let sides = SchemeSides(["file": opener, "http": opener])
        let url = try #require(URL(string: root))
        #expect(throws: TreeError.rootUnavailable(url.absoluteString)) { try sides.openSide(at: url) }
        #expect(opener.opened.isEmpty)
    }

    @Test("an opener's own refusal comes through unchanged", .tags(.small))
    func openerRefusal() throws {
        let refusing = RecordingOpener(refusal: .rootUnavailable("/x", reason: .symbolicLink))
        let sides = SchemeSides(["file": refusing])
        #expect(throws: TreeError.rootUnavailable("/x", reason: .symbolicLink)) {
            try sides.openSide(at: URL(filePath: "/x", directoryHint: .isDirectory))
        }
    }
}

/// An opener that records each root and binds a folder side over an empty tree to it (or throws
/// `refusal`).
private final class RecordingOpener: SideOpening {
    private let roots = Mutex<[URL]>([])
    private let refusal: TreeError?

    init(refusal: TreeError? = nil) {
        self.refusal = refusal
    }

    var opened: [URL] { roots.withLock { $0 } }

    func openSide(at root: URL) throws -> any SyncSideProviding {
        roots.withLock { $0.append(root) }
        if let refusal { throw refusal }
        let tree = SloppyTree()
        return FolderSide(root: root, scanner: tree, mutator: tree, copier: tree, documents: NoDocuments())
    }
}

private struct NoDocuments: DocumentStoring {
    func readDocument(named name: String, in root: URL) throws -> Data? { nil }
    func writeDocument(_ data: Data, named name: String, in root: URL) throws {}
}
