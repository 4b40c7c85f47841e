public import Foundation

/// The one in-memory world the Mocks of a test share: a file tree, an ordered journal of every
/// call, injected faults, and a crash switch.
///
/// Hand the same world to several Mocks so what one writes another reads or lists, and one
/// journal shows the order of everything they did. Thread-safe: all state sits behind one lock
/// (``Guarded``).
///
/// ```swift
/// let world = MockWorld()
/// let accessor = MockFileAccessor(world: world)
/// world.crash(atMutation: 3)        // the third mutating call and all after it throw MockCrash
/// ```
public final class MockWorld: Sendable {
    private struct State {
        var tree = InMemoryTree()
        var journal: [CallRecord] = []
        var faults: [(fault: Fault, matched: Int, spent: Bool)] = []
        var mutations = 0
        var crashStep: Int?
        var restarts = 0
    }

    private let state = Guarded(State())

    /// Creates an empty world holding only `/`.
    public init() {}

    // MARK: Performing calls

    /// Performs one Mock call: applies faults and the crash switch, runs `body` on the tree,
    /// and records the call in the journal.
    /// - Parameters:
    ///   - operation: the operation's name.
    ///   - url: the URL the call is about.
    ///   - mutates: whether the call changes the world (counted for ``crash(atMutation:)``).
    ///   - body: the operation itself.
    /// - Returns: what `body` returns.
    /// - Throws: an injected fault's error, ``MockCrash``, or what `body` throws.
    public func perform<T>(
        _ operation: MockOperation, url: URL, mutates: Bool, _ body: (inout InMemoryTree) throws -> T
    ) throws -> T {
        let key = PathKey(url)
        return try state.withLock { state in
            do {
                // A crashed process performs no mutation at all, so the crash wins over faults.
                if mutates, let step = state.crashStep, state.mutations + 1 >= step {
                    throw MockCrash(step: step)
                }
                if let fault = Self.firingFault(in: &state, operation, key) { throw fault }
                let result = try body(&state.tree)
                if mutates { state.mutations += 1 }
                state.journal.append(
                    CallRecord(
                        sequence: state.journal.count + 1, operation: operation, url: url, outcome: .succeeded))
                return result
            } catch {
                state.journal.append(
                    CallRecord(
                        sequence: state.journal.count + 1, operation: operation, url: url,
                        outcome: .failed(String(describing: error))))
                throw error
            }
        }
    }

    private static func firingFault(in state: inout State, _ operation: MockOperation, _ key: PathKey) -> (any Error)? {
        var firing: (any Error)?
        for index in state.faults.indices where state.faults[index].fault.matches(operation, key) {
            state.faults[index].matched += 1
            let slot = state.faults[index]
            guard firing == nil, !slot.spent, slot.matched >= slot.fault.onCall else { continue }
            firing = slot.fault.error
            if slot.fault.repeats == .once { state.faults[index].spent = true }
        }
        return firing
    }

    // MARK: Faults and crashes

    /// Adds a fault; several may be active, the first that fires wins.
    public func inject(_ fault: Fault) {
        state.withLock { $0.faults.append((fault, 0, false)) }
    }

    /// Removes every fault.
    public func clearFaults() {
        state.withLock { $0.faults.removeAll() }
    }

    /// From mutating call number `step` on (1-based, counted from the world's creation), every
    /// mutating call throws ``MockCrash`` and changes nothing, as if the process had been killed.
    public func crash(atMutation step: Int) {
        state.withLock { $0.crashStep = step }
    }

    /// Ends a crash, as starting a fresh process would.
    public func restart() {
        state.withLock {
            $0.crashStep = nil
            $0.restarts += 1
        }
    }

    /// How many times ``restart()`` has run: the number of the process generation now running.
    ///
    /// A Mock that models what the kernel drops when a process dies (a held lock, an open file)
    /// records the generation with that state and treats state of an earlier generation as gone.
    public var restartCount: Int { state.withLock { $0.restarts } }

    /// How many mutating calls have succeeded.
    public var mutationCount: Int { state.withLock { $0.mutations } }

    // MARK: Journal and direct access

    /// Every call so far, in order.
    public var journal: [CallRecord] { state.withLock { $0.journal } }

    /// Empties the journal.
    public func clearJournal() {
        state.withLock { $0.journal.removeAll() }
    }

    /// Reads or changes the tree directly, for test set-up and checks: no faults, no journal.
    public func withTree<T>(_ body: (inout InMemoryTree) throws -> T) rethrows -> T {
        try state.withLock { try body(&$0.tree) }
    }
}
