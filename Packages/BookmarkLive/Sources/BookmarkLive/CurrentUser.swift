#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The effective user id of this process.
func currentUserID() -> UInt32 {
    UInt32(geteuid())
}
