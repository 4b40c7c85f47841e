public import FileAccessorInterface
public import Foundation
import Synchronization

/// An accessor of the app's own: it counts the reads and writes it passes on to another one.
/// Code that implements a kit interface runs the interface's contract against itself (see the
/// tests).
public final class CountingAccessor: FileAccessorProviding {
    private let base: any FileAccessorProviding
    private let counts = Mutex((reads: 0, writes: 0))

    /// Creates an accessor that counts the calls it passes on to `base`.
    public init(_ base: any FileAccessorProviding) {
        self.base = base
    }

    /// How many reads and writes were passed on, failed ones included.
    public var calls: (reads: Int, writes: Int) { counts.withLock { $0 } }

    /// Reads through `base`; throws what it throws.
    public func read(from url: URL) throws -> Data {
        counts.withLock { $0.reads += 1 }
        return try base.read(from: url)
    }

    /// Writes through `base`; throws what it throws.
    public func write(_ data: Data, to url: URL) throws {
        counts.withLock { $0.writes += 1 }
        try base.write(data, to: url)
    }

    /// Asks `base`.
    public func fileExists(at url: URL) -> Bool {
        base.fileExists(at: url)
    }
}
