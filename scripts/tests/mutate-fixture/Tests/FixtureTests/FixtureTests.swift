import Fixture
import Testing

@Test func rangeIncludesBothEnds() {
    #expect(isInRange(1, low: 1, high: 3))
    #expect(isInRange(3, low: 1, high: 3))
    #expect(!isInRange(0, low: 1, high: 3))
    #expect(!isInRange(4, low: 1, high: 3))
}

@Test func stepsCountDown() {
    #expect(stepsDown(from: 3) == 3)
    #expect(stepsDown(from: 0) == 0)
}

@Test func largerPicksTheLarger() {
    #expect(larger(2, 1) == 2)
    #expect(larger(1, 2) == 2)
}

@Test func smallerPicksTheSmaller() {
    #expect(smaller(2, 1) == 1)
    #expect(smaller(1, 2) == 1)
    #expect(smaller(2, 2) == 2)
}

@Test func describeSaysYesOrNo() {
    #expect(describe(true) == "yes")
    #expect(describe(false) == "no")
}
