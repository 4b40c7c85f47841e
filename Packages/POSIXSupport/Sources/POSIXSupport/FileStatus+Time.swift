extension FileStatus {
    /// A time as the file system keeps it: whole seconds since 1970 and a nanosecond part, with
    /// the full range of `timespec` (a file may be dated 2300, or 1600).
    public struct Time: Hashable, Sendable {
        /// Whole seconds since 1970-01-01T00:00:00Z (negative before).
        public let seconds: Int64
        /// Nanoseconds past `seconds`, `0..<1_000_000_000`.
        public let nanoseconds: Int64

        /// Creates a time.
        /// - Parameters:
        ///   - seconds: whole seconds since 1970.
        ///   - nanoseconds: nanoseconds past them (`0..<1_000_000_000`).
        public init(seconds: Int64, nanoseconds: Int64) {
            self.seconds = seconds
            self.nanoseconds = nanoseconds
        }

        /// Nanoseconds since 1970 in an `Int64`, saturated: `Int64.max` for any time after
        /// 2262-04-11T23:47:16.854775807Z and `Int64.min` for any time before
        /// 1677-09-21T00:12:43.145224192Z, so a far-off date never traps.
        public var saturatedNanoseconds: Int64 {
            let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
            if overflow { return seconds < 0 ? .min : .max }
            let (sum, sumOverflow) = scaled.addingReportingOverflow(nanoseconds)
            if sumOverflow { return nanoseconds < 0 ? .min : .max }
            return sum
        }
    }
}
