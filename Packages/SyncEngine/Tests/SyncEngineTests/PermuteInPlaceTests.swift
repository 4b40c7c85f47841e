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

    /// A value whose copies and destructions are counted by its object's lifetime.
    final class Tracked {
        let number: Int
        init(_ number: Int) { self.number = number }
    }

    @Test("values are moved: each object is held once afterwards and freed with the array")
    func movesWithoutLeaksOrLosses() {
        var generator = SeededGenerator(seed: 5)
        for count in [1, 2, 7, 100] {
            var weak: [() -> Tracked?] = []
            do {
                var values = (0..<count).map { Tracked($0) }
                for value in values { weak.append({ [weak value] in value }) }
                let order = Array(0..<count).shuffled(using: &generator)
                var consumed = order
                Reconciler.permute(&values, into: &consumed)
                #expect(values.map(\.number) == order)
                for index in values.indices {
                    #expect(isKnownUniquelyReferenced(&values[index]), "held once after the move")
                }
            }
            let alive = weak.filter { $0() != nil }.count
            #expect(alive == 0, "every object freed with the array: nothing leaked")
        }
    }

    @Test("an order that is not a permutation stops the process instead of moving values twice")
    func refusesAnOrderThatIsNotAPermutation() async {
        await #expect(processExitsWith: .failure) {
            var values = ["a", "b", "c"]
            var twice = [1, 1, 0]
            Reconciler.permute(&values, into: &twice)
        }
        await #expect(processExitsWith: .failure) {
            var values = ["a", "b", "c"]
            var outOfRange = [2, 0, 3]
            Reconciler.permute(&values, into: &outOfRange)
        }
    }
}
