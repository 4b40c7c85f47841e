/// One behaviour of a contract: a sentence naming it, and the check, run against a fresh fixture.
///
/// A contract suite publishes its cases as an array, run from a parameterized test:
/// ```swift
/// @Test(arguments: LockContract.cases)
/// func contract(_ check: LockContractCase) throws { try check.verify(makeFixture()) }
/// ```
public struct ContractCase<Fixture>: Sendable, CustomStringConvertible {
    /// A sentence naming the behaviour (also the test's argument label).
    public let name: String
    private let check: @Sendable (Fixture) throws -> Void

    public var description: String { name }

    /// A case named `name` that runs `check`.
    /// - Parameters:
    ///   - name: a sentence naming the behaviour.
    ///   - check: throws ``ContractViolation`` when the fixture's implementation lacks it.
    public init(name: String, check: @escaping @Sendable (Fixture) throws -> Void) {
        self.name = name
        self.check = check
    }

    /// Checks the behaviour against a fresh fixture.
    /// - Parameter fixture: the implementation under test and its world.
    /// - Throws: ``ContractViolation`` when the behaviour differs, or an unexpected error of the
    ///   implementation.
    public func verify(_ fixture: Fixture) throws {
        try check(fixture)
    }
}

/// One behaviour of a contract whose check waits (for events, for a server): a sentence naming
/// it, and the check, run against a fresh fixture.
public struct AsyncContractCase<Fixture>: Sendable, CustomStringConvertible {
    /// A sentence naming the behaviour (also the test's argument label).
    public let name: String
    private let check: @Sendable (Fixture) async throws -> Void

    public var description: String { name }

    /// A case named `name` that runs `check`.
    /// - Parameters:
    ///   - name: a sentence naming the behaviour.
    ///   - check: throws ``ContractViolation`` when the fixture's implementation lacks it.
    public init(name: String, check: @escaping @Sendable (Fixture) async throws -> Void) {
        self.name = name
        self.check = check
    }

    /// Checks the behaviour against a fresh fixture.
    /// - Parameter fixture: the implementation under test and its world.
    /// - Throws: ``ContractViolation`` when the behaviour differs, or an unexpected error of the
    ///   implementation.
    public func verify(_ fixture: Fixture) async throws {
        try await check(fixture)
    }
}
