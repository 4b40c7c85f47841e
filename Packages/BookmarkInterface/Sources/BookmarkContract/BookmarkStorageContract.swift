public import BookmarkInterface
import Foundation

/// The behaviour every ``BookmarkStorageProviding`` implementation shares, written once and run
/// against the Live store (in a temporary folder) and the Mock.
public enum BookmarkStorageContract {
    /// Every case of the contract.
    public static let cases: [BookmarkStorageContractCase] = [
        .init(name: "a key never saved loads as nil", check: missingKey),
        .init(name: "a saved value loads back byte for byte", check: roundTrip),
        .init(name: "a second save replaces the first", check: overwrite),
        .init(name: "empty and large values round-trip", check: sizes),
        .init(name: "hostile and look-alike keys are distinct, safe keys", check: hostileKeys),
        .init(name: "empty and over-long keys are refused with invalidKey", check: invalidKeys),
        .init(name: "a saved value is seen by a new instance of the store", check: persistence),
    ]

    /// Keys that must each name their own entry: path tricks, NUL, case and normalization twins.
    public static let hostileKeys = [
        "../escape", "/etc/passwd", "a/b", "..", ".", "nul\u{0}byte", "space key", "caf\u{E9}", "cafe\u{301}",
        "CASE", "case", "\u{1F600}", String(repeating: "k", count: BookmarkError.maximumKeyLength),
    ]

    static func missingKey(_ f: BookmarkStorageContractFixture) throws {
        let loaded = try f.makeStorage().loadBookmark(for: "never-saved")
        try require(loaded == nil, "expected nil, got \(loaded?.count ?? 0) bytes")
    }

    static func roundTrip(_ f: BookmarkStorageContractFixture) throws {
        let storage = try f.makeStorage()
        let data = Data((0..<1000).map { UInt8(truncatingIfNeeded: $0 * 7) })
        try storage.saveBookmark(data, for: "pair")
        try require(try storage.loadBookmark(for: "pair") == data, "loaded other bytes")
    }

    static func overwrite(_ f: BookmarkStorageContractFixture) throws {
        let storage = try f.makeStorage()
        try storage.saveBookmark(Data("first".utf8), for: "pair")
        try storage.saveBookmark(Data("second".utf8), for: "pair")
        try require(try storage.loadBookmark(for: "pair") == Data("second".utf8), "the first value survived")
    }

    static func sizes(_ f: BookmarkStorageContractFixture) throws {
        let storage = try f.makeStorage()
        let large = Data((0..<1_048_576).map { UInt8(truncatingIfNeeded: $0 &* 13) })
        try storage.saveBookmark(Data(), for: "empty")
        try storage.saveBookmark(large, for: "large")
        try require(try storage.loadBookmark(for: "empty") == Data(), "an empty value did not load as empty")
        try require(try storage.loadBookmark(for: "large") == large, "a large value changed")
    }

    static func hostileKeys(_ f: BookmarkStorageContractFixture) throws {
        let storage = try f.makeStorage()
        for (index, key) in hostileKeys.enumerated() {
            try storage.saveBookmark(Data("value \(index)".utf8), for: key)
        }
        for (index, key) in hostileKeys.enumerated() {
            let loaded = try storage.loadBookmark(for: key)
            try require(loaded == Data("value \(index)".utf8), "key \(key.debugDescription) loaded another key's value")
        }
    }

    static func invalidKeys(_ f: BookmarkStorageContractFixture) throws {
        let storage = try f.makeStorage()
        for key in ["", String(repeating: "k", count: BookmarkError.maximumKeyLength + 1)] {
            do {
                try storage.saveBookmark(Data("x".utf8), for: key)
                throw ContractViolation(description: "a key of \(key.utf8.count) bytes was accepted")
            } catch let error as BookmarkError {
                try require(error == .invalidKey(key), "expected invalidKey, got \(error)")
            }
            do {
                _ = try storage.loadBookmark(for: key)
                throw ContractViolation(description: "loading a key of \(key.utf8.count) bytes was accepted")
            } catch let error as BookmarkError {
                try require(error == .invalidKey(key), "expected invalidKey, got \(error)")
            }
        }
    }

    static func persistence(_ f: BookmarkStorageContractFixture) throws {
        try f.makeStorage().saveBookmark(Data("kept".utf8), for: "pair")
        try require(try f.makeStorage().loadBookmark(for: "pair") == Data("kept".utf8), "a new instance lost it")
    }

}

/// One behaviour of ``BookmarkStorageContract``.
public typealias BookmarkStorageContractCase = ContractCase<BookmarkStorageContractFixture>

/// A fresh, empty store for one contract case.
public struct BookmarkStorageContractFixture: Sendable {
    /// Opens the case's store; every call opens the same (initially empty) store anew.
    public let makeStorage: @Sendable () throws -> any BookmarkStorageProviding

    /// Creates a fixture.
    /// - Parameter makeStorage: opens the case's store.
    public init(makeStorage: @escaping @Sendable () throws -> any BookmarkStorageProviding) {
        self.makeStorage = makeStorage
    }
}
