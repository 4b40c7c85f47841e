import Testing
import WatchInterface

@Suite("Watch events and errors")
struct WatchEventTests {
    @Test(
        "each event and error describes itself in one line naming what it is about",
        arguments: [
            (WatchEvent.changed(path: "a/b.txt").description, "a/b.txt"),
            (WatchEvent.changed(path: "").description, "changed ."),
            (WatchEvent.overflow.description, "rescan"),
            (WatchEvent.unwatched(path: "deep", reason: "No space left").description, "No space left"),
            (WatchEvent.ended(reason: "root removed").description, "root removed"),
            (WatchError.rootUnavailable(path: "/x", reason: "missing").description, "/x: missing"),
            (WatchError.unavailable("too many watches").description, "too many watches"),
        ])
    func description(text: String, detail: String) {
        #expect(text.contains(detail))
        #expect(!text.contains("\n"))
    }
}
