import FileTreeContract
import FileTreeInterface

/// Fails the case with `message` unless `condition` holds.
func require(_ condition: Bool, _ message: @autoclosure () -> String) throws {
    if !condition { throw ContractViolation(description: message()) }
}

/// Runs `body` and checks it throws a ``TreeError`` that `matches` accepts.
func requireTreeError<T>(
    _ what: String, expecting description: String, _ body: () throws -> T, matches: (TreeError) -> Bool
) throws {
    let outcome: T
    do {
        outcome = try body()
    } catch let error as TreeError {
        try require(matches(error), "\(what): expected \(description), got \(error)")
        return
    } catch {
        throw ContractViolation(description: "\(what): expected \(description), got \(error)")
    }
    throw ContractViolation(description: "\(what): expected \(description), but it succeeded with \(outcome)")
}

/// Runs `body` and checks it throws exactly `expected`.
func requireTreeError<T>(_ expected: TreeError, _ what: String, _ body: () throws -> T) throws {
    try requireTreeError(what, expecting: "\(expected)", body) { $0 == expected }
}

/// Runs `body` and checks it throws anything.
func requireFailure<T>(_ what: String, _ body: () throws -> T) throws {
    let outcome: T
    do {
        outcome = try body()
    } catch {
        return
    }
    throw ContractViolation(description: "\(what): expected an error, but it succeeded with \(outcome)")
}

/// The entry at `path` on `side`, which must exist.
func requireEntry(_ side: any SyncSideProviding, _ path: RelativePath) throws -> TreeEntry {
    guard let entry = try side.entry(at: path) else {
        throw ContractViolation(description: "\(path): expected an entry on \(side.location), found nothing")
    }
    return entry
}
