import Foundation

/// Reads a `Retry-After` header: delay seconds (`120`) or an HTTP date.
enum RetryAfter {
    /// The wait the header asks for, never negative; nil when it cannot be read.
    static func delay(_ text: String, now: Date) -> Duration? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let seconds = Int(trimmed) { return .seconds(max(seconds, 0)) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: trimmed) else { return nil }
        return .seconds(max(Int(date.timeIntervalSince(now).rounded(.up)), 0))
    }
}
