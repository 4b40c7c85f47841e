import Synchronization

/// A value behind a `Mutex` that the thread sanitizer also understands: the lock every Mock uses
/// for its shared state.
///
/// On Linux a contended `Mutex` passes ownership through the kernel (`FUTEX_LOCK_PI`), which the
/// thread sanitizer cannot see, so it reports the guarded value as raced. An acquiring load on
/// entry and a releasing add on exit, both inside the lock, make the hand-over visible to it; they
/// add nothing the lock does not already guarantee.
///
/// ```swift
/// private let errors = Guarded<(any Error)?>(nil)
/// errors.withLock { $0 = CocoaError(.fileReadUnknown) }
/// ```
public struct Guarded<Value>: ~Copyable, Sendable {
    private let mutex: Mutex<Value>
    private let handoff = Atomic<UInt64>(0)

    /// Guards `value`.
    public init(_ value: sending Value) {
        mutex = Mutex(value)
    }

    /// Runs `body` with exclusive access to the value.
    /// - Returns: what `body` returns.
    /// - Throws: what `body` throws.
    public borrowing func withLock<Result, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        try mutex.withLock { (value) throws(Failure) -> sending Result in
            _ = handoff.load(ordering: .acquiring)
            defer { handoff.wrappingAdd(1, ordering: .releasing) }
            return try body(&value)
        }
    }
}
