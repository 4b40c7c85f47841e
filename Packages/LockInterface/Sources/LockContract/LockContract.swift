import Foundation
import LockInterface

/// The behaviour every ``PairLocking`` implementation shares, written once.
///
/// The Live package runs these cases against real lock files in a temporary folder; the Mock
/// package runs them against its in-memory world. Each case opens several instances on one lock
/// folder, as several processes would, so a lock must be visible across instances, not only
/// within one.
public enum LockContract {
    /// Every case of the contract.
    public static let cases: [LockContractCase] = [
        LockContractCase(
            name: "a taken name is refused to another taker with held(by:) naming the holder", check: heldByOther),
        LockContractCase(name: "an instance cannot take a name it already holds", check: notReentrant),
        LockContractCase(name: "different names do not block each other", check: differentNames),
        LockContractCase(
            name: "a released name can be taken again, and the new holder is named", check: releaseThenTake),
        LockContractCase(name: "releasing twice is harmless and never frees someone else's lock", check: releaseTwice),
        LockContractCase(name: "a dropped lock is released, as when its holder dies", check: droppedLock),
        LockContractCase(name: "holder texts of any content are reported whole", check: holderText),
        LockContractCase(
            name: "hostile names are taken safely or refused with unavailable, and nothing outside changes",
            check: hostileNames),
        LockContractCase(
            name: "names that differ only in normalization, case or punctuation are distinct locks",
            check: lookAlikeNames),
        LockContractCase(name: "of many simultaneous takers exactly one wins", check: simultaneousTakers),
    ]

    /// Names that try to escape the lock folder, collide after a naive escaping, or cannot be a
    /// file name at all. Each must be its own lock or be refused with ``LockError/unavailable(_:)``.
    public static let hostileNames = [
        "../x", "../../x", "a/b", "a_b", "a%2Fb", "/etc/passwd", "", ".", "..", "nul\u{0}byte", "nul",
        "new\nline", "back\\slash", "trailing/", "-rf", "\u{1F600}", String(repeating: "n", count: 10_000),
    ]

    /// Names every implementation must accept as distinct locks, though `String ==` or a
    /// case-insensitive or sanitizing file system would merge some of them.
    public static let lookAlikes = ["caf\u{E9}", "cafe\u{301}", "Pair", "pair", "pair ", "pair-1", "pair_1", "pair.1"]

    static func heldByOther(_ f: LockContractFixture) throws {
        let first = try f.makeLocking()
        let lock = try requireTaken(first, "documents", holder: "synccli pid 101 on alpha", "first taker")
        try requireHeld(try f.makeLocking(), "documents", by: "synccli pid 101 on alpha", "second instance")
        lock.release()
    }

    static func notReentrant(_ f: LockContractFixture) throws {
        let locking = try f.makeLocking()
        let lock = try requireTaken(locking, "documents", holder: "first use", "first take")
        try requireHeld(locking, "documents", by: "first use", "the same instance")
        lock.release()
    }

    static func differentNames(_ f: LockContractFixture) throws {
        let first = try f.makeLocking()
        let second = try f.makeLocking()
        let a = try requireTaken(first, "photos", holder: "A", "first instance")
        let b = try requireTaken(second, "music", holder: "B", "another name on another instance")
        let c = try requireTaken(first, "videos", holder: "C", "a third name on the first instance")
        try requireHeld(second, "photos", by: "A", "the first name")
        try requireHeld(first, "music", by: "B", "the second name")
        for lock in [a, b, c] { lock.release() }
    }

    static func releaseThenTake(_ f: LockContractFixture) throws {
        let first = try f.makeLocking()
        let second = try f.makeLocking()
        try requireTaken(first, "pair", holder: "first holder", "first take").release()
        let lock = try requireTaken(second, "pair", holder: "second holder", "take after release")
        try requireHeld(first, "pair", by: "second holder", "after the lock changed hands")
        lock.release()
        try requireTaken(first, "pair", holder: "third holder", "take after the second release").release()
    }

    static func releaseTwice(_ f: LockContractFixture) throws {
        let first = try f.makeLocking()
        let second = try f.makeLocking()
        let stale = try requireTaken(first, "pair", holder: "old holder", "first take")
        stale.release()
        stale.release()
        let current = try requireTaken(second, "pair", holder: "new holder", "take after a double release")
        stale.release()
        try requireHeld(try f.makeLocking(), "pair", by: "new holder", "after a stale handle was released again")
        current.release()
    }

    static func droppedLock(_ f: LockContractFixture) throws {
        try takeAndDrop(try f.makeLocking(), "pair")
        try requireTaken(try f.makeLocking(), "pair", holder: "next holder", "take after the holder was dropped")
            .release()
    }

    /// Takes `name` and lets the handle go without releasing it.
    private static func takeAndDrop(_ locking: any PairLocking, _ name: String) throws {
        _ = try requireTaken(locking, name, holder: "dropped holder", "first take")
    }

    static func holderText(_ f: LockContractFixture) throws {
        let texts = [
            "synccli pid 4242 on laptop", "two\nlines\n", "trailing newline\n", "\n", "caf\u{E9} \u{1F600}",
            "nul\u{0}inside", String(repeating: "long holder ", count: 200),
        ]
        let first = try f.makeLocking()
        let second = try f.makeLocking()
        for (index, text) in texts.enumerated() {
            let lock = try requireTaken(first, "pair \(index)", holder: text, "take")
            try requireHeld(second, "pair \(index)", by: text, "holder text \(index)")
            lock.release()
        }
    }

    static func hostileNames(_ f: LockContractFixture) throws {
        let before = try f.listOutside().sorted()
        let first = try f.makeLocking()
        var taken: [(index: Int, lock: any HeldLock)] = []
        for (index, name) in hostileNames.enumerated() {
            do {
                taken.append((index, try first.acquire(name, holder: "holder <\(index)>")))
            } catch LockError.unavailable {
                continue
            } catch let error as LockError {
                throw ContractViolation(
                    description:
                        "\(name.debugDescription) was refused with \(error) before anyone else took it: it collides with another name"
                )
            }
        }
        try require(!taken.isEmpty, "every hostile name was refused; at least the escaping ones can be made safe")
        try requireUnchanged(before, try f.listOutside().sorted(), "while hostile names are held")
        let second = try f.makeLocking()
        for (index, _) in taken {
            try requireHeld(second, hostileNames[index], by: "holder <\(index)>", "hostile name")
        }
        for (_, lock) in taken { lock.release() }
        for (index, _) in taken {
            try requireTaken(second, hostileNames[index], holder: "second", "take after release").release()
        }
        try requireUnchanged(before, try f.listOutside().sorted(), "after hostile names were released")
    }

    private static func requireUnchanged(_ before: [String], _ after: [String], _ when: String) throws {
        try require(
            before == after,
            "\(when), entries outside the lock folder changed: added \(Set(after).subtracting(before).sorted()), removed \(Set(before).subtracting(after).sorted())"
        )
    }

    static func lookAlikeNames(_ f: LockContractFixture) throws {
        let first = try f.makeLocking()
        let locks = try lookAlikes.enumerated().map { index, name in
            try requireTaken(first, name, holder: "holder <\(index)>", "look-alike name")
        }
        let second = try f.makeLocking()
        for (index, name) in lookAlikes.enumerated() {
            try requireHeld(second, name, by: "holder <\(index)>", "look-alike name")
        }
        for lock in locks { lock.release() }
    }

    static func simultaneousTakers(_ f: LockContractFixture) throws {
        let takers = 8
        let instances = try (0..<takers).map { _ in try f.makeLocking() }
        for round in 0..<5 {
            let results = TakerResults()
            DispatchQueue.concurrentPerform(iterations: takers) { index in
                results.record(index, Result { try instances[index].acquire("contested", holder: "taker <\(index)>") })
            }
            let outcomes = results.all
            let winners = outcomes.compactMap { index, outcome in (try? outcome.get()).map { (index, $0) } }
            try require(winners.count == 1, "round \(round): \(winners.count) of \(takers) takers got the lock")
            let (winner, lock) = winners[0]
            for (index, outcome) in outcomes where index != winner {
                guard case .failure(let error) = outcome else { continue }
                guard case LockError.held(let text)? = error as? LockError, text.contains("taker <\(winner)>") else {
                    throw ContractViolation(
                        description: "round \(round): a loser got \(error), not held(by:) naming taker <\(winner)>")
                }
            }
            lock.release()
        }
    }
}
