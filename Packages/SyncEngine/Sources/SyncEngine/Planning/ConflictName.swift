import FileTreeInterface
import Foundation

/// Builds conflict copy names: `name (conflict <date> <machine>).ext`, never longer than a file
/// system allows a name to be (the stem is shortened, on a character boundary, to fit).
enum ConflictName {
    /// The longest name, in UTF-8 bytes, that common file systems accept (`NAME_MAX`).
    static let maxNameBytes = 255

    /// The most bytes of the machine's name a conflict copy's name shows.
    static let maxMachineBytes = 64

    /// The conflict copy name for `path`, unique among `taken`.
    /// - Parameters:
    ///   - path: the conflicting path.
    ///   - date: when the conflict was resolved (shown as UTC `yyyy-MM-dd HHmmss`).
    ///   - machine: the machine whose version is kept aside.
    ///   - taken: names already used in the folder (on either side), compared by bytes.
    static func make(for path: RelativePath, date: Date, machine: String, taken: (RelativePath) -> Bool) -> RelativePath
    {
        let name = path.name
        let (stem, ext) = split(name)
        // A machine name is shown, not parsed: at most ``maxMachineBytes`` of it, so a long one
        // leaves the name's extension and the closing parenthesis whole.
        let safeMachine = prefix(
            String(machine.map { $0 == "/" || $0 == "\u{0}" ? "_" : $0 }), bytes: maxMachineBytes)
        var attempt = 1
        while true {
            let suffix = attempt == 1 ? "" : " \(attempt)"
            let candidate = fitted(stem, ReservedNames.conflictSuffix("\(stamp(date)) \(safeMachine)\(suffix)"), ext)
            if let result = try? path.parent.appending(candidate), !taken(result) { return result }
            attempt += 1
            if attempt > 1000 {
                return (try? path.parent.appending(fitted(stem, ReservedNames.conflictSuffix(UUID().uuidString), ext)))
                    ?? path
            }
        }
    }

    /// `stem + suffix + ext`, with the stem cut at a character boundary so the whole fits in
    /// ``maxNameBytes`` bytes. An extension too long to leave room for the suffix is cut too,
    /// from its end; a machine name too long is cut last (the suffix stays readable).
    static func fitted(_ stem: String, _ suffix: String, _ ext: String) -> String {
        var (stem, suffix, ext) = (stem, suffix, ext)
        func total() -> Int { stem.utf8.count + suffix.utf8.count + ext.utf8.count }
        guard total() > maxNameBytes else { return stem + suffix + ext }
        stem = prefix(stem, bytes: max(1, maxNameBytes - suffix.utf8.count - ext.utf8.count))
        if total() > maxNameBytes {
            ext = prefix(ext, bytes: max(0, maxNameBytes - suffix.utf8.count - stem.utf8.count))
        }
        if total() > maxNameBytes {
            suffix = prefix(suffix, bytes: max(0, maxNameBytes - stem.utf8.count - ext.utf8.count))
        }
        return stem + suffix + ext
    }

    /// The longest prefix of `text` of at most `bytes` UTF-8 bytes that ends on a character
    /// boundary (so a multi-byte character, or a letter with its accents, is never split).
    static func prefix(_ text: String, bytes: Int) -> String {
        var result = ""
        var count = 0
        for character in text {
            let size = character.utf8.count
            guard count + size <= bytes else { break }
            result.append(character)
            count += size
        }
        return result
    }

    /// Whether `candidate` has the shape of a conflict copy's name for `name`
    /// (``FileTreeInterface/ReservedNames/isConflictCopy(_:of:)``).
    static func isCopy(_ candidate: String, of name: String) -> Bool {
        ReservedNames.isConflictCopy(candidate, of: name)
    }

    /// Splits a name into stem and extension (``FileTreeInterface/ReservedNames/stemAndExtension(of:)``).
    static func split(_ name: String) -> (stem: String, ext: String) {
        ReservedNames.stemAndExtension(of: name)
    }

    static func stamp(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
        return "\(c.year ?? 1970)-\(two(c.month))-\(two(c.day)) \(two(c.hour))\(two(c.minute))\(two(c.second))"
    }
}
