import LockInterface
import Testing

@Suite("LockError")
struct LockErrorTests {
    @Test(
        "held(by:) names the holder and unavailable gives the reason, each in one line",
        arguments: [
            (LockError.held(by: "synccli pid 7 on alpha"), "synccli pid 7 on alpha"),
            (LockError.unavailable("Permission denied"), "Permission denied"),
        ])
    func description(error: LockError, detail: String) {
        #expect(error.description.contains(detail))
        #expect(!error.description.contains("\n"))
    }

    @Test("errors compare by case and text")
    func equality() {
        #expect(LockError.held(by: "a") == .held(by: "a"))
        #expect(LockError.held(by: "a") != .held(by: "b"))
        #expect(LockError.held(by: "a") != .unavailable("a"))
    }
}
