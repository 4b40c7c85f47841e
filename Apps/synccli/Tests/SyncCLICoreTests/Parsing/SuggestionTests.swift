import Testing

@testable import SyncCLICore

@Suite("did you mean: the nearest known word")
struct SuggestionTests {
    @Test(
        "edit distance counts a swap of neighbours as one edit",
        arguments: [("snyc", "sync", 1), ("sync", "sync", 0), ("stat", "status", 2), ("", "abc", 3), ("abc", "", 3)])
    func distance(first: String, second: String, expected: Int) {
        #expect(Suggestion.distance(first, second) == expected)
    }

    @Test("a close word is suggested, a far or ambiguous one is not")
    func nearest() {
        let words = ["sync", "plan", "apply", "status", "pairs"]
        #expect(Suggestion.nearest(to: "snyc", among: words) == "sync")
        #expect(Suggestion.nearest(to: "pairz", among: words) == "pairs")
        #expect(Suggestion.nearest(to: "xyz", among: words) == nil)
        #expect(Suggestion.nearest(to: "frobnicate", among: words) == nil)
        #expect(Suggestion.nearest(to: "ab", among: ["ac", "ad"]) == nil)
    }
}
