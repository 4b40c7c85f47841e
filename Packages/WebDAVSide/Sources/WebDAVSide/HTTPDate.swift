/// Reads the dates WebDAV servers send (`getlastmodified`, `Last-Modified`): RFC 1123
/// (`Sun, 06 Nov 1994 08:49:37 GMT`), without a date formatter.
enum HTTPDate {
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// The years a date may name: a server's date is another party's input, and a year past
    /// these (`99999999999999`) would overflow the arithmetic below and trap.
    static let years: ClosedRange<Int64> = 1...9999

    /// Seconds since 1970, or nil when `text` is not an RFC 1123 date of a year in ``years``.
    static func seconds(_ text: String) -> Int64? {
        let parts = text.split(separator: " ")
        guard parts.count == 6, let day = Int64(parts[1]),
            let monthIndex = months.firstIndex(of: parts[2].lowercased()),
            let year = Int64(parts[3]), years.contains(year), parts[5] == "GMT" || parts[5] == "UTC"
        else { return nil }
        let clock = parts[4].split(separator: ":").compactMap { Int64($0) }
        guard clock.count == 3, (1...31).contains(day), (0..<24).contains(clock[0]), (0..<60).contains(clock[1]),
            (0...60).contains(clock[2])
        else { return nil }
        let days = daysSince1970(year: year, month: Int64(monthIndex + 1), day: day)
        return days * 86_400 + clock[0] * 3_600 + clock[1] * 60 + clock[2]
    }

    /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar (H. Hinnant's algorithm).
    static func daysSince1970(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
