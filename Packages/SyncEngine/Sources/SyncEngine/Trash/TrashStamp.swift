import Foundation

/// Names the trash folder of one run: `<UTC date>T<time>Z-g<archive generation>`, unique per run
/// of a pair and sorted by time.
enum TrashStamp {
    static func folderName(for date: Date, generation: Int) -> String {
        let stamp = ConflictName.stamp(date).replacingOccurrences(of: " ", with: "T")
        return "\(stamp)Z-g\(generation)"
    }
}
