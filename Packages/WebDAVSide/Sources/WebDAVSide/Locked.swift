import Synchronization

/// A value behind a `Mutex` that the thread sanitizer also understands (the same device as
/// `InMemorySupport.Guarded`, which this package may not depend on: a domain package uses no test
/// support). On Linux a contended `Mutex` hands over through the kernel, which the sanitizer
/// cannot see; an acquiring load on entry and a releasing add on exit, inside the lock, make the
/// hand-over visible and add nothing the lock does not already guarantee.
struct Locked<Value>: ~Copyable, Sendable {
    private let mutex: Mutex<Value>
    private let handoff = Atomic<UInt64>(0)

    init(_ value: sending Value) {
        mutex = Mutex(value)
    }

    borrowing func withLock<Result, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        try mutex.withLock { (value) throws(Failure) -> sending Result in
            _ = handoff.load(ordering: .acquiring)
            defer { handoff.wrappingAdd(1, ordering: .releasing) }
            return try body(&value)
        }
    }
}
