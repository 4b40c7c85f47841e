import Foundation

/// Byte counts as people read them.
public enum ByteText {
    /// "512 B", "1.5 KiB", "10.0 TiB": binary units, one decimal above bytes.
    public static func of(_ count: Int64) -> String {
        let units = ["B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"]
        var value = Double(count)
        var unit = 0
        while value >= 1024 && unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        return unit == 0 ? "\(count) B" : String(format: "%.1f %@", value, units[unit])
    }
}
