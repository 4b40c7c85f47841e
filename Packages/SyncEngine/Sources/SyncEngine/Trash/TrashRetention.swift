public import Foundation

/// How long and how much a pair's trash keeps, on each side: versions older than ``days`` are
/// removed at the end of a sync, and beyond that the oldest versions go first while a side's trash
/// holds more than ``maxSize`` allows, except a version that is the last copy of its file (see
/// ``TrashVersionStatus/isLastCopy``), which stays until its age passes.
public struct TrashRetention: Sendable, Codable, Equatable {
    /// How many days a version is kept by default.
    public static let defaultDays = 30
    /// The size limit by default: a tenth of the free space.
    public static let defaultMaxSize = TrashSizeLimit.shareOfFreeSpace(percent: 10)
    /// What a pair keeps until told otherwise.
    public static let standard = TrashRetention(days: defaultDays, maxSize: defaultMaxSize)

    /// Versions trashed longer ago than this many days are removed (at least 1).
    public var days: Int
    /// How much each side's trash may hold beyond the versions kept as last copies; nil: no limit
    /// but the age.
    public var maxSize: TrashSizeLimit?

    /// Creates a retention.
    public init(days: Int, maxSize: TrashSizeLimit?) {
        self.days = days
        self.maxSize = maxSize
    }

    /// The longest a version is kept, in seconds.
    public var maxAge: TimeInterval { TimeInterval(days) * 86_400 }
}

/// A size limit for one side's trash.
public enum TrashSizeLimit: Sendable, Codable, Equatable, CustomStringConvertible {
    /// At most this many bytes.
    case bytes(Int64)
    /// At most this share of the room the trash could have: the side's free space plus what the
    /// trash holds. Not applicable where the side cannot tell its free space (a server without a
    /// quota): then only the age limits the trash.
    case shareOfFreeSpace(percent: Int)

    /// Reads `10%` (a share of the free space, 1 to 100) or a size: a number of bytes, or one
    /// with a unit `K`, `M`, `G`, `T` (powers of 1024; `KB`, `KiB` and lower case are read too).
    /// - Throws: ``TrashSettingError`` saying what is wrong, in one line.
    public init(parsing text: String) throws(TrashSettingError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasSuffix("%") {
            guard let percent = Int(trimmed.dropLast()), (1...100).contains(percent) else {
                throw TrashSettingError("a share of the free space is a whole percent from 1% to 100%, not '\(text)'")
            }
            self = .shareOfFreeSpace(percent: percent)
            return
        }
        var digits = Substring(trimmed.lowercased())
        for suffix in ["ib", "b"] where digits.hasSuffix(suffix) && digits.count > suffix.count {
            digits = digits.dropLast(suffix.count)
            break
        }
        var multiplier: Int64 = 1
        let units: [Character: Int64] = ["k": 1 << 10, "m": 1 << 20, "g": 1 << 30, "t": 1 << 40]
        if let last = digits.last, let unit = units[last] {
            multiplier = unit
            digits = digits.dropLast()
        }
        guard let number = Int64(digits), number >= 0 else {
            throw TrashSettingError(
                "a size is a number of bytes, or one with K, M, G or T (like 500M), or a share like 10%; not '\(text)'")
        }
        let (bytes, overflow) = number.multipliedReportingOverflow(by: multiplier)
        guard !overflow else { throw TrashSettingError("'\(text)' is too large a size") }
        self = .bytes(bytes)
    }

    /// `10%` or a number of bytes: what ``init(parsing:)`` reads back.
    public var description: String {
        switch self {
        case .bytes(let bytes): return "\(bytes)"
        case .shareOfFreeSpace(let percent): return "\(percent)%"
        }
    }

    /// The bytes a side's trash may hold: nil when no limit applies (a share where the free
    /// space is unknown).
    /// - Parameters:
    ///   - free: the side's free space, nil when unknown.
    ///   - held: what the side's trash holds now.
    public func cap(free: Int64?, held: Int64) -> Int64? {
        switch self {
        case .bytes(let bytes): return bytes
        case .shareOfFreeSpace(let percent):
            guard let free else { return nil }
            let room = free.addingReportingOverflow(held)
            return room.overflow ? Int64.max / 100 * Int64(percent) : room.partialValue / 100 * Int64(percent)
        }
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        do {
            self = try TrashSizeLimit(parsing: text)
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.message))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// A trash setting that cannot be used, with why in one line.
public struct TrashSettingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong.
    public var message: String
    /// The error for `message`.
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
