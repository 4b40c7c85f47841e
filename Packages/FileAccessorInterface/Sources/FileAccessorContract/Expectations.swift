import FileAccessorInterface
import Foundation

/// Runs `body` and checks it throws the `CocoaError` code Foundation uses for `errno`.
func requireFileError(
    _ errno: Int32, during operation: FileAccessError.Operation, _ what: String, _ body: () throws -> Void
) throws {
    let expected = FileAccessError.code(for: errno, during: operation)
    do {
        try body()
    } catch let error as CocoaError {
        try require(
            error.code == expected,
            "\(what): expected CocoaError code \(expected.rawValue), got \(error.code.rawValue)")
        let underlying = FileAccessError.underlyingErrno(of: error)
        try require(
            underlying == errno,
            "\(what): expected underlying errno \(errno), got \(underlying.map(String.init) ?? "none")")
        return
    } catch {
        throw ContractViolation(description: "\(what): expected CocoaError code \(expected.rawValue), got \(error)")
    }
    throw ContractViolation(description: "\(what): expected CocoaError code \(expected.rawValue), but it succeeded")
}

/// Runs `body` and checks it throws exactly `expected`.
func requireRefusal(_ expected: FileAccessRefusal, _ what: String, _ body: () throws -> Void) throws {
    do {
        try body()
    } catch let refusal as FileAccessRefusal {
        try require(refusal == expected, "\(what): expected \"\(expected)\", got \"\(refusal)\"")
        return
    } catch {
        throw ContractViolation(description: "\(what): expected \"\(expected)\", got \(error)")
    }
    throw ContractViolation(description: "\(what): expected \"\(expected)\", but it succeeded")
}

/// Runs `body` and checks it throws ``FileAccessError/invalidName(path:during:)``'s kind.
func requireInvalidName(
    during operation: FileAccessError.Operation, _ what: String, _ body: () throws -> Void
) throws {
    let expected = FileAccessError.invalidName(path: "", during: operation).code
    do {
        try body()
    } catch let error as CocoaError {
        try require(
            error.code == expected && FileAccessError.underlyingErrno(of: error) == EINVAL,
            "\(what): expected CocoaError code \(expected.rawValue) with EINVAL, got \(error.code.rawValue)")
        return
    } catch {
        throw ContractViolation(description: "\(what): expected CocoaError code \(expected.rawValue), got \(error)")
    }
    throw ContractViolation(description: "\(what): expected CocoaError code \(expected.rawValue), but it succeeded")
}
