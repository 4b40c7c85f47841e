import Testing

@testable import SyncEngine

/// The plan's actions are put in order by moving them along the cycles of the sorted order, with
/// no second array: every element must land where the order says, for any permutation.
@Suite("Putting values in an order in place")
struct PermuteInPlaceTests {
    @Test("random permutations of 0 to 300 values match building a new array")
    func matchesMap() {
        var generator = SeededGenerator(seed: 17)
        for count in [0, 1, 2, 3, 10, 300] {
            for _ in 0..<20 {
                let values = (0..<count).map { "v\($0)" }
                let order = Array(0..<count).shuffled(using: &generator)
                var permuted = values
                var consumed = order
                Reconciler.permute(&permuted, into: &consumed)
                #expect(permuted == order.map { values[$0] })
                #expect(consumed == Array(0..<count), "the order is left as the identity")
            }
        }
    }

    @Test("the identity and a single long cycle")
    func edgeShapes() {
        var values = ["a", "b", "c", "d"]
        var identity = [0, 1, 2, 3]
        Reconciler.permute(&values, into: &identity)
        #expect(values == ["a", "b", "c", "d"])
        var rotated = [1, 2, 3, 0]
        Reconciler.permute(&values, into: &rotated)
        #expect(values == ["b", "c", "d", "a"])
    }
}
