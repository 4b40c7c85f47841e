import FileTreeContract
import FileTreeInterface

// `require` and `requireTreeError` come from FileTreeContract (package access).

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
