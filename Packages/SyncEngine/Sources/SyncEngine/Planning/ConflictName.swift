import FileTreeInterface
import Foundation

/// Builds conflict copy names: `name (conflict <date> <machine>).ext`.
enum ConflictName {
    /// The conflict copy name for `path`, unique among `taken`.
    /// - Parameters:
    ///   - path: the conflicting path.
    ///   - date: when the conflict was resolved (shown as UTC `yyyy-MM-dd HHmmss`).
    ///   - machine: the machine whose version is kept aside.
    ///   - taken: names already used in the folder (on either side), compared by bytes.
    static func make(for path: RelativePath, date: Date, machine: String, taken: (RelativePath) -> Bool) -> RelativePath {
        let name = path.name
        let (stem, ext) = split(name)
        let safeMachine = String(machine.map { $0 == "/" || $0 == "\u{0}" ? "_" : $0 })
        var attempt = 1
        while true {
            let suffix = attempt == 1 ? "" : " \(attempt)"
            let candidate = "\(stem) (conflict \(stamp(date)) \(safeMachine)\(suffix))\(ext)"
            if let result = try? path.parent.appending(candidate), !taken(result) { return result }
            attempt += 1
            if attempt > 1000 { return (try? path.parent.appending("\(stem) (conflict \(UUID().uuidString))\(ext)")) ?? path }
        }
    }

    /// Splits `report.final.txt` into `report.final` and `.txt`; a leading dot is not an extension.
    static func split(_ name: String) -> (stem: String, ext: String) {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return (name, "") }
        return (String(name[..<dot]), String(name[dot...]))
    }

    static func stamp(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
        return "\(c.year ?? 1970)-\(two(c.month))-\(two(c.day)) \(two(c.hour))\(two(c.minute))\(two(c.second))"
    }
}
