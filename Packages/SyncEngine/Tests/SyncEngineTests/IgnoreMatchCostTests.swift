import FileTreeInterface
import Testing

@testable import SyncEngine

/// Matching a pattern against a path costs about (pattern segments × path components) steps,
/// however many `**` the pattern holds: never exponential.
@Suite("Ignore rule matching cost")
struct IgnoreMatchCostTests {
    static func path(depth: Int, last: String) throws -> RelativePath {
        try RelativePath(components: (0..<(depth - 1)).map { "d\($0)" } + [last])
    }

    @Test(
        "patterns with many ** against deep paths match in a number of steps bounded by segments × components",
        arguments: [(4, 12), (6, 16), (10, 25), (14, 40)])
    func manyDoubleStars(stars: Int, depth: Int) throws {
        let pattern = Array(repeating: "**", count: stars).joined(separator: "/") + "/x/y"
        for (last, expected) in [("y", false), ("z", false)] {
            let path = try Self.path(depth: depth, last: last)
            let (matched, steps) = IgnoreRules.matchCost(pattern, path)
            #expect(matched == expected)
            let bound = 4 * (stars + 3) * (depth + 1) + 64
            #expect(steps <= bound, "\(stars) ** on \(depth) components took \(steps) steps (bound \(bound))")
        }
        let matching = try RelativePath(components: (0..<(depth - 2)).map { "d\($0)" } + ["x", "y"])
        #expect(IgnoreRules.matchCost(pattern, matching).matched)
        let rules = IgnoreRules(pattern)
        #expect(rules.isExcluded(matching, kind: .file))
        #expect(!rules.isExcluded(try Self.path(depth: depth, last: "z"), kind: .file))
    }
}
