package import FileTreeInterface
import Foundation

/// Runs `body` and checks it throws exactly `expected`.
package func requireTreeError<T>(_ expected: TreeError, _ what: String, _ body: () throws -> T) throws {
    try requireTreeError(what, expecting: "\(expected)", body) { $0 == expected }
}

/// Runs `body` and checks it throws a ``TreeError`` that `matches` accepts.
package func requireTreeError<T>(
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

/// Runs `body` and checks it is refused because it would pass through a symbolic link:
/// ``TreeError/notAFolder(_:)`` or ``TreeError/unsafePath(_:)``.
func requireRefusal<T>(_ what: String, _ body: () throws -> T) throws {
    try requireTreeError(what, expecting: "notAFolder or unsafePath", body) { error in
        switch error {
        case .notAFolder, .unsafePath: true
        default: false
        }
    }
}

/// Runs `body` and checks it throws ``TreeError/rootUnavailable(_:reason:)``.
func requireRootUnavailable<T>(_ what: String, _ body: () throws -> T) throws {
    try requireTreeError(what, expecting: "rootUnavailable", body) { error in
        if case .rootUnavailable = error { return true }
        return false
    }
}

/// Runs `body` and checks it throws ``TreeError/io(path:code:message:)`` for `path` with `code`
/// (the message is the system's text and may differ).
func requireIOError<T>(_ path: RelativePath, code: Int32, _ what: String, _ body: () throws -> T) throws {
    try requireTreeError(what, expecting: "io(\(path), errno \(code))", body) { error in
        if case .io(path, code, _) = error { return true }
        return false
    }
}

/// The entry at `path` in `root`, which must exist.
func requireEntry(_ f: FileTreeContractFixture, _ path: RelativePath, in root: URL) throws -> TreeEntry {
    guard let entry = try f.scanner.entry(at: path, in: root) else {
        throw ContractViolation(description: "\(path): expected an entry, found nothing")
    }
    return entry
}

/// `bits` in octal, as `0o755`, for messages.
func octal(_ bits: UInt32) -> String { "0o" + String(bits, radix: 8) }
