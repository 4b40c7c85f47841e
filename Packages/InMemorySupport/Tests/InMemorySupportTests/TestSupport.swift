import Foundation
import InMemorySupport
import Testing

// MARK: - Tags

extension Tag {
    /// A test that runs in microseconds on one thread.
    @Tag static var small: Self
    /// A test that drives one world from many tasks at once.
    @Tag static var concurrency: Self
}

// MARK: - Operations the test probe performs

extension MockOperation {
    static let read = MockOperation(rawValue: "read")
    static let write = MockOperation(rawValue: "write")
    static let list = MockOperation(rawValue: "list")
    static let remove = MockOperation(rawValue: "remove")
}

// MARK: - Paths

/// The key of an absolute path, shorter to read in tests.
func key(_ path: String) -> PathKey { PathKey(path: path) }

/// The bytes of a string, shorter to read in tests.
func bytes(_ text: String) -> Data { Data(text.utf8) }

/// An error with an identity, to tell injected faults apart.
struct TestFailure: Error, Equatable, CustomStringConvertible {
    let id: Int
    var description: String { "test failure \(id)" }
}

// MARK: - Tree fixtures

extension InMemoryTree {
    /// A small tree:
    /// ```
    /// /docs/            folder
    /// /docs/a.txt       "A"
    /// /docs/sub/        folder
    /// /docs/sub/b.txt   "B"
    /// /empty/           folder
    /// /file.txt         "F"
    /// ```
    static func sample() throws -> InMemoryTree {
        var tree = InMemoryTree()
        try tree.makeDirectory(at: key("/docs"))
        try tree.writeFile(bytes("A"), at: key("/docs/a.txt"))
        try tree.makeDirectory(at: key("/docs/sub"))
        try tree.writeFile(bytes("B"), at: key("/docs/sub/b.txt"))
        try tree.makeDirectory(at: key("/empty"))
        try tree.writeFile(bytes("F"), at: key("/file.txt"))
        return tree
    }

    /// Every entry with its path, and the clock: what a failed operation must leave unchanged.
    var snapshot: Snapshot {
        var entries: [PathKey: InMemoryEntry] = [:]
        for path in [PathKey.root] + paths(below: .root) { entries[path] = entry(at: path) }
        return Snapshot(entries: entries, now: now)
    }

    struct Snapshot: Equatable {
        let entries: [PathKey: InMemoryEntry]
        let now: Int64
    }
}

// MARK: - Assertions

/// Expects `body` to throw a `POSIXError` with `code`.
func expectPOSIXError(
    _ code: POSIXErrorCode, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
) {
    #expect(throws: POSIXError(code), sourceLocation: sourceLocation) { try body() }
}

// MARK: - A probe that calls the world as a Mock would

/// A minimal Mock: each method is one ``MockWorld/perform(_:url:mutates:_:)`` call.
struct Probe {
    let world: MockWorld

    func read(_ path: String) throws -> Data {
        let url = URL(filePath: path)
        return try world.perform(.read, url: url, mutates: false) { try $0.readFile(at: PathKey(url)) }
    }

    func write(_ text: String, to path: String) throws {
        let url = URL(filePath: path)
        try world.perform(.write, url: url, mutates: true) { try $0.writeFile(bytes(text), at: PathKey(url)) }
    }

    func list(_ path: String) throws -> [String] {
        let url = URL(filePath: path)
        return try world.perform(.list, url: url, mutates: false) { tree in
            try tree.childNames(of: PathKey(url)).map { String(decoding: $0, as: UTF8.self) }
        }
    }

    func remove(_ path: String) throws {
        let url = URL(filePath: path)
        try world.perform(.remove, url: url, mutates: true) { try $0.removeItem(at: PathKey(url)) }
    }

    /// Whether a file exists, read straight from the tree (no journal).
    func exists(_ path: String) -> Bool {
        world.withTree { $0.entry(at: key(path)) != nil }
    }
}
