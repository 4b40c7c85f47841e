import Testing

@testable import WebDAVSide

@Suite("What one run saw on the server")
struct ServerSnapshotTests {
    let folder = DAVResource(href: "/c/", isCollection: true)
    let file = DAVResource(href: "/c/a", etag: "\"1\"", contentLength: 1)

    @Test("a complete listing answers for the names it lacks until a change in its folder; the names it shows stay")
    func changeForgetsListing() {
        let snapshot = ServerSnapshot()
        snapshot.recordListing(of: "/c", own: folder, members: [("/c/a", file)])
        #expect(snapshot.lookup("/c/b") == .absent)
        snapshot.forget("/c/b")
        #expect(snapshot.lookup("/c/b") == .unknown)
        #expect(snapshot.lookup("/c/.synccli-lock-docs") == .unknown, "another client may have written since")
        #expect(snapshot.lookup("/c/a") == .found(file))
        snapshot.forget("/c")
        #expect(snapshot.lookup("/c/a") == .unknown, "the folder itself changed")
    }

    @Test("a name in a folder seen absent is absent, until the folder is made or a change below it")
    func inAbsentFolder() {
        let snapshot = ServerSnapshot()
        snapshot.record(nil, at: "/c/src")
        #expect(snapshot.lookup("/c/src/.synccli-root") == .absent)
        #expect(snapshot.lookup("/c/src/x/y") == .unknown, "one level only")
        snapshot.record(DAVResource(href: "/c/src/", isCollection: true), at: "/c/src")
        #expect(snapshot.lookup("/c/src/.synccli-root") == .unknown)
        snapshot.record(nil, at: "/c/src")
        snapshot.forget("/c/src/x/y.txt")  // a server that makes the folders on a PUT's way
        #expect(snapshot.lookup("/c/src") == .unknown)
        #expect(snapshot.lookup("/c/src/.synccli-root") == .unknown)
    }
}
