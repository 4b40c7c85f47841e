#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs a system call until it stops failing with `EINTR` (a signal that arrived during the call),
/// as every caller of `read`, `write` and the like must.
///
/// ```swift
/// let count = retryingOnInterrupt { read(descriptor, buffer.baseAddress, buffer.count) }
/// ```
/// - Parameter call: the system call; it returns `-1` with `errno` set on failure.
/// - Returns: the first result that is not an `EINTR` failure; on failure `-1` with `errno` set.
@inline(__always)
public func retryingOnInterrupt<T: BinaryInteger>(_ call: () -> T) -> T {
    while true {
        let result = call()
        if result != -1 || errno != EINTR { return result }
    }
}
