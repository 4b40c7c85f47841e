/// Byte counts in words for messages: binary units, one decimal where it is not whole.
public enum ByteCountText {
    /// `1536` → `"1.5 KiB"`, `268435456` → `"256 MiB"`, `12` → `"12 bytes"`.
    /// - Parameter count: a number of bytes.
    /// - Returns: the count in the largest unit it fills.
    public static func describe(_ count: Int64) -> String {
        let units = ["bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"]
        let magnitude = count.magnitude
        let sign = count < 0 ? "-" : ""
        guard magnitude >= 1024 else { return magnitude == 1 ? "\(sign)1 byte" : "\(sign)\(magnitude) bytes" }
        var unit = 0
        var scale: UInt64 = 1
        while unit + 1 < units.count, magnitude / scale >= 1024 {
            unit += 1
            scale *= 1024
        }
        var whole = magnitude / scale
        var tenths = ((magnitude % scale) * 10 + scale / 2) / scale
        if tenths == 10 {
            whole += 1
            tenths = 0
        }
        return tenths == 0 ? "\(sign)\(whole) \(units[unit])" : "\(sign)\(whole).\(tenths) \(units[unit])"
    }

    /// `count` in words, exact in bytes when rounding would make it read like `limit` (a file one
    /// byte over a 1 MiB limit is `"1048577 bytes"`, not `"1 MiB"`).
    /// - Parameters:
    ///   - count: a number of bytes over `limit`.
    ///   - limit: the limit it is compared with.
    /// - Returns: the count in words.
    public static func describe(_ count: Int64, over limit: Int64) -> String {
        let text = describe(count)
        return text == describe(limit) ? "\(count) bytes" : text
    }
}
