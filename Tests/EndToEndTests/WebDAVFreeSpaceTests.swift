import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#endif

/// A server that lists a file larger than the receiving disk's free space: the download fails at
/// once with one line, before a byte is written, instead of filling the disk first.
@Suite("synccli over WebDAV: a listed size that cannot fit")
struct WebDAVFreeSpaceTests {
    @Test(
        "a file larger than the free space fails at once with one line; the rest arrives",
        arguments: WebDAVServer.Kind.runnable)
    func tooLargeToFit(kind: WebDAVServer.Kind) async throws {
        let server = try WebDAVServer.start(kind)
        defer { server.stop() }
        let scene = try WebDAVScene(server: server)
        // The big file is made beside the container, then moved in through the server: rclone
        // caches listings, so a file written straight into a folder it listed stays unseen for
        // minutes (its staging folder exists from the start, its contents are never listed).
        let staging = server.root.appending(path: "staging", directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
        try write("small", to: scene.alphaDocs.appending(path: "small.txt"))
        try scene.sync(scene.alpha)

        var disk = statvfs()
        try #require(statvfs(scene.betaDocs.path, &disk) == 0)
        let size = Int64(disk.f_bavail) * Int64(disk.f_frsize) * 3 / 2 + (1 << 30)
        let outside = staging.appending(path: "huge.bin")
        try #require(FileManager.default.createFile(atPath: outside.path, contents: nil))
        let handle = try FileHandle(forWritingTo: outside)
        try handle.truncate(atOffset: UInt64(size))  // sparse: takes no space
        try handle.close()
        var move = URLRequest(url: try #require(URL(string: server.base.absoluteString + "staging/huge.bin")))
        move.httpMethod = "MOVE"
        move.setValue(scene.container + "docs/huge.bin", forHTTPHeaderField: "Destination")
        let (_, response) = try await URLSession.shared.data(for: move)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        try #require((200..<300).contains(status), "MOVE answered \(status)")

        let result = try scene.sync(scene.beta, expect: 1)
        let lines = result.err.split(separator: "\n")
        #expect(lines.count == 1, "\(result.err)")
        #expect(result.err.contains("huge.bin") && result.err.contains("is free on this side"), "\(result.err)")
        #expect(texts(in: scene.betaDocs) == ["small.txt": "small"])
        let names = try FileManager.default.contentsOfDirectory(atPath: scene.betaDocs.path)
        #expect(!names.contains { $0.hasPrefix(".synccli-tmp-") }, "\(names)")
        let onServer = scene.onServer.appending(path: "huge.bin").path
        #expect((try FileManager.default.attributesOfItem(atPath: onServer)[.size] as? Int).map(Int64.init) == size)
    }
}
