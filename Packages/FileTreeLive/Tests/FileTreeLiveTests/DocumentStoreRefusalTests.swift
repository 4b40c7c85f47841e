import FileTreeInterface
import FileTreeLive
import Foundation
import Testing

@Suite("POSIXDocumentStore refuses what is not a small regular file, in words")
struct DocumentStoreRefusalTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    /// The message of the `TreeError.io` a read of `name` throws.
    func refusal(reading name: String, sourceLocation: SourceLocation = #_sourceLocation) -> String? {
        do {
            _ = try POSIXDocumentStore(limit: 1_024).readDocument(named: name, in: folder.url)
        } catch TreeError.io(_, _, let message) {
            return message
        } catch {
            Issue.record("unexpected error \(error)", sourceLocation: sourceLocation)
        }
        return nil
    }

    @Test("a FIFO, a link to /dev/zero, a folder and an oversized file each read as one sentence, at once")
    func refusals() throws {
        #expect(mkfifo(folder.url.appending(path: "fifo").path, 0o600) == 0)
        try FileManager.default.createSymbolicLink(
            at: folder.url.appending(path: "zero"), withDestinationURL: URL(filePath: "/dev/zero"))
        _ = try folder.folder("folder")
        try Data(count: 4_096).write(to: folder.url.appending(path: "big"))
        #expect(refusal(reading: "fifo") == "is a FIFO, not a regular file; refused")
        #expect(refusal(reading: "zero") == "is a symbolic link; links are never followed")
        #expect(refusal(reading: "folder") == "is a folder, not a file")
        #expect(refusal(reading: "big")?.contains("is over the") == true)
        #expect(try POSIXDocumentStore().readDocument(named: "missing", in: folder.url) == nil)
    }
}
