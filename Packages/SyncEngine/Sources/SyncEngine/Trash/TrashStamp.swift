import Foundation

/// Names the trash folder of one run: `<UTC date>T<time>Z-g<archive generation>`, unique per run
/// of a pair and sorted by time.
enum TrashStamp {
    static func folderName(for date: Date, generation: Int) -> String {
        let stamp = ConflictName.stamp(date).replacingOccurrences(of: " ", with: "T")
        return "\(stamp)Z-g\(generation)"
    }

    /// When the run named `run` trashed its versions (to the second), or nil for a name
    /// ``folderName(for:generation:)`` does not make (a folder made by hand: its age is unknown,
    /// and expiry leaves it alone).
    static func date(ofRun run: String) -> Date? {
        let bytes = Array(run.utf8)
        guard bytes.count >= 18, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            bytes[10] == UInt8(ascii: "T"), bytes[17] == UInt8(ascii: "Z")
        else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            guard bytes[range].allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
            return Int(String(decoding: bytes[range], as: UTF8.self))
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(13..<15), let second = number(15..<17)
        else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        let components = DateComponents(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        guard components.isValidDate(in: calendar) else { return nil }
        return calendar.date(from: components)
    }
}
