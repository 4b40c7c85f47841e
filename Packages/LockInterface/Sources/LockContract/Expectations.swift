import LockInterface

/// Takes `name` and fails the case with a readable message when that is refused.
func requireTaken(
    _ locking: any PairLocking, _ name: String, holder: String, _ what: String
) throws -> any HeldLock {
    do {
        return try locking.acquire(name, holder: holder)
    } catch let error as LockError {
        throw ContractViolation(description: "\(what): taking \(name.debugDescription) failed: \(error)")
    }
}

/// Checks that taking `name` fails with ``LockError/held(by:)`` whose text contains `holder`.
func requireHeld(
    _ locking: any PairLocking, _ name: String, by holder: String, _ what: String
) throws {
    let lock: any HeldLock
    do {
        lock = try locking.acquire(name, holder: "intruder")
    } catch LockError.held(let text) {
        try require(
            text.contains(holder),
            "\(what): \(name.debugDescription) was reported held by \(text.debugDescription), not by \(holder.debugDescription)"
        )
        return
    } catch let error as LockError {
        throw ContractViolation(description: "\(what): expected held(by:) for \(name.debugDescription), got \(error)")
    }
    lock.release()
    throw ContractViolation(description: "\(what): \(name.debugDescription) was taken a second time while held")
}
