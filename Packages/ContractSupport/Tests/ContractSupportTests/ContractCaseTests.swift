import ContractSupport
import Testing

@Suite("Contract cases and violations")
struct ContractCaseTests {
    @Test("require throws a violation carrying the message only when the condition is false")
    func requireThrowsOnlyOnFalse() throws {
        try require(true, "never built")
        #expect(throws: ContractViolation(description: "2 is not 3")) { try require(false, "2 is not 3") }
    }

    @Test("a case is described by its name and runs its check on the fixture it is given")
    func caseRunsItsCheck() throws {
        let even = ContractCase<Int>(name: "the number is even") { number in
            try require(number % 2 == 0, "\(number) is odd")
        }
        #expect(even.description == "the number is even")
        try even.verify(4)
        #expect(throws: ContractViolation(description: "3 is odd")) { try even.verify(3) }
    }

    @Test("an async case runs its check and passes its violation on")
    func asyncCaseRunsItsCheck() async throws {
        let positive = AsyncContractCase<Int>(name: "the number is positive") { number in
            await Task.yield()
            try require(number > 0, "\(number) is not positive")
        }
        #expect(positive.description == "the number is positive")
        try await positive.verify(1)
        await #expect(throws: ContractViolation(description: "-1 is not positive")) { try await positive.verify(-1) }
    }
}
