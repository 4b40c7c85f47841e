#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs a system call until it stops failing with `EINTR`.
/// - Returns: the call's result; on failure `-1` with `errno` set.
@inline(__always)
func retryingOnInterrupt<T: BinaryInteger>(_ call: () -> T) -> T {
    while true {
        let result = call()
        if result != -1 || errno != EINTR { return result }
    }
}
