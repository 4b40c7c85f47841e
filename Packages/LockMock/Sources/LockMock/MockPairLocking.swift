public import Foundation
public import InMemorySupport
public import LockInterface

/// An in-memory ``PairLocking`` for tests: no I/O, every error on demand, every call recorded.
///
/// Held locks are files of the ``MockWorld`` tree in `folder`, named as the Live `FileLock` names
/// them (the hex of the name's UTF-8 bytes plus `.lock`), holding the holder's text. So several
/// `MockPairLocking`s on one world see each other's locks, as several processes would, and faults
/// can aim at one name's lock file (``lockFileURL(for:)``).
///
/// - ``acquire(_:holder:)`` is the operation ``MockOperation/acquireLock``, a mutation: faults
///   and ``MockWorld/crash(atMutation:)`` apply to it.
/// - `release()` is ``MockOperation/releaseLock``, not a mutation: it works while the world is
///   crashed. A fault aimed at it makes that release fail silently and leaves the lock held.
/// - A crash models the holder's death: ``MockWorld/restart()`` starts a new process
///   generation, and locks taken before it count as released, as the kernel drops a killed
///   process's `flock`.
/// - Like the Live lock, a name whose lock file name would exceed 255 bytes (over 125 UTF-8
///   bytes) is refused with ``LockError/unavailable(_:)``.
///
/// ```swift
/// let world = MockWorld()
/// let lock = try MockPairLocking(world: world).acquire("documents", holder: "first sync")
/// // A second process on the same world is refused:
/// #expect(throws: LockError.held(by: "first sync")) {
///     try MockPairLocking(world: world).acquire("documents", holder: "second sync")
/// }
/// ```
public struct MockPairLocking: PairLocking {
    /// The world holding the lock files and the journal.
    public let world: MockWorld
    /// The folder of the world that holds the lock files.
    public let folder: URL

    /// The longest lock file name the Live lock can create (`NAME_MAX`).
    static let maximumFileNameLength = 255

    /// Creates a locking on `world`, keeping lock files in `folder`.
    /// - Parameters:
    ///   - world: the world to share with other Mocks (a fresh, empty one by default).
    ///   - folder: where the lock files live in that world.
    public init(
        world: MockWorld = MockWorld(),
        folder: URL = URL(filePath: "/mock-state/locks", directoryHint: .isDirectory)
    ) {
        self.world = world
        self.folder = folder
    }

    /// The URL of the file that holds the lock `name`, for faults aimed at one name.
    /// - Parameter name: a lock's name.
    /// - Returns: `<folder>/<hex of the name's UTF-8 bytes>.lock`.
    public func lockFileURL(for name: String) -> URL {
        folder.appending(path: Self.fileName(for: name), directoryHint: .notDirectory)
    }

    /// Who holds the lock `name` now, read straight from the tree (no journal, no faults).
    /// - Parameter name: a lock's name.
    /// - Returns: the holder's text, or nil when the lock is free.
    public func holder(of name: String) -> String? {
        let generation = world.restartCount
        let key = PathKey(lockFileURL(for: name))
        return world.withTree { tree in
            tree.entry(at: key)?.data.flatMap(LockRecord.init).flatMap { $0.generation == generation ? $0.holder : nil }
        }
    }

    /// The lock calls recorded in this locking's world, in order.
    public var calls: [CallRecord] {
        world.journal.filter { [.acquireLock, .releaseLock].contains($0.operation) }
    }

    public func acquire(_ name: String, holder: String) throws -> any HeldLock {
        let url = lockFileURL(for: name)
        let key = PathKey(url)
        let path = url.path(percentEncoded: false)
        let tooLong = Self.fileName(for: name).utf8.count > Self.maximumFileNameLength
        // Read outside `perform`, which holds the world's lock; a restart racing an acquire is
        // not a case tests have.
        let generation = world.restartCount
        let identity = try world.perform(.acquireLock, url: url, mutates: true) { tree in
            if tooLong { throw LockError.unavailable("cannot open \(path): File name too long") }
            if let entry = tree.entry(at: key) {
                guard let data = entry.data else { throw LockError.unavailable("\(path) is not a regular file") }
                if let record = LockRecord(data), record.generation == generation {
                    throw LockError.held(by: record.holder)
                }
                // Otherwise its holder died before the last restart: the lock is free.
            }
            do {
                try tree.makeDirectory(at: key.parent, intermediate: true)
                try tree.writeFile(
                    LockRecord(generation: generation, holder: holder).encoded, at: key, permissions: 0o600)
            } catch let error as POSIXError {
                throw LockError.unavailable("cannot open \(path): \(error.localizedDescription)")
            }
            guard let identity = tree.entry(at: key)?.identity else {
                throw LockError.unavailable("\(path) vanished while it was taken")
            }
            return identity
        }
        return MockHeldLock(world: world, url: url, identity: identity)
    }

    /// `<hex of the name's UTF-8 bytes>.lock`, as the Live lock names its files.
    static func fileName(for name: String) -> String {
        name.utf8.map { byte in
            let hex = String(byte, radix: 16)
            return hex.count == 1 ? "0" + hex : hex
        }.joined() + ".lock"
    }
}
