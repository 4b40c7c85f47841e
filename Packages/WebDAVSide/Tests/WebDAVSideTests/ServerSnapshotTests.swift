import Testing

@testable import WebDAVSide

@Suite("What one run saw on the server")
struct ServerSnapshotTests {
    let folder = DAVResource(href: "/c/", isCollection: true)
    let file = DAVResource(href: "/c/a", etag: "\"1\"", contentLength: 1)

    @Test("a change forgets the name it touches; the rest of its folder's complete listing still answers")
    func changeKeepsListing() {
        let snapshot = ServerSnapshot()
        snapshot.recordListing(of: "/c", own: folder, members: [("/c/a", file)])
        #expect(snapshot.lookup("/c/b") == .absent)
        snapshot.forget("/c/b")
        #expect(snapshot.lookup("/c/b") == .unknown, "a name this run changed is asked about again")
        #expect(snapshot.lookup("/c/.synccli-lock-docs") == .absent, "a name no change touched is not")
        #expect(snapshot.lookup("/c/a") == .found(file))
        snapshot.record(nil, at: "/c/b")
        #expect(snapshot.lookup("/c/b") == .absent, "looked at again")
        snapshot.forget("/c/b")
        snapshot.recordListing(of: "/c", own: folder, members: [("/c/a", file)])
        #expect(snapshot.lookup("/c/b") == .absent, "listed again")
        snapshot.forget("/c")
        #expect(snapshot.lookup("/c/a") == .unknown && snapshot.lookup("/c/b") == .unknown, "the folder itself changed")
    }

    @Test("a name in a folder seen absent is absent, until the folder is made")
    func inAbsentFolder() {
        let snapshot = ServerSnapshot()
        snapshot.record(nil, at: "/c/src")
        #expect(snapshot.lookup("/c/src/.synccli-root") == .absent)
        snapshot.record(DAVResource(href: "/c/src/", isCollection: true), at: "/c/src")
        #expect(snapshot.lookup("/c/src/.synccli-root") == .unknown)
        snapshot.forget("/c/src")
        #expect(snapshot.lookup("/c/src/.synccli-root") == .unknown)
    }
}
