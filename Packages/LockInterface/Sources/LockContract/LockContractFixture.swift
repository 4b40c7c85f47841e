public import LockInterface

/// What a contract case needs from the world a lock implementation works in.
///
/// Build a fresh one for every case: each call of ``makeLocking`` returns a new instance on the
/// same, initially empty lock folder, as two processes on one machine would see it.
///
/// ```swift
/// let fixture = LockContractFixture(
///     makeLocking: { FileLock(folder: locks) },
///     listOutside: { try everythingBelow(home, except: locks) })
/// ```
public struct LockContractFixture: Sendable {
    /// Opens a new instance on the case's lock folder; every instance shares that folder.
    public let makeLocking: @Sendable () throws -> any PairLocking
    /// Every entry of the world outside the lock folder, as paths, in any order: what hostile
    /// names must never change.
    public let listOutside: @Sendable () throws -> [String]

    /// Creates a fixture.
    /// - Parameters:
    ///   - makeLocking: opens a new instance on the case's lock folder.
    ///   - listOutside: lists everything of the world outside the lock folder.
    public init(
        makeLocking: @escaping @Sendable () throws -> any PairLocking,
        listOutside: @escaping @Sendable () throws -> [String]
    ) {
        self.makeLocking = makeLocking
        self.listOutside = listOutside
    }
}
