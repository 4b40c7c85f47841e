import FileTreeInterface
import Foundation

extension FileTreeContract {
    static let farTimeCases: [FileTreeContractCase] = [
        FileTreeContractCase(
            name: "a file dated at the last Int64 nanosecond (2262-04-11) is scanned, moved and copied with that time",
            check: lastNanosecond)
    ]

    static func lastNanosecond(_ f: FileTreeContractFixture) throws {
        let file = try f.file("late", in: f.source, modified: .max)
        let entry = try requireEntry(f, file, in: f.source)
        try require(entry.modificationNanoseconds == .max, "scanned as \(entry.modificationNanoseconds)")
        let scanned = try f.scanner.scan(root: f.source) { _, _ in false }.entries.map(\.modificationNanoseconds)
        try require(scanned == [.max], "a scan gives \(scanned)")
        let copied = try f.copier.copyFile(file, in: f.source, expected: entry, to: file, in: f.destination)
        try require(copied.modificationNanoseconds == .max, "the copy's entry says \(copied.modificationNanoseconds)")
        let arrived = try requireEntry(f, file, in: f.destination)
        try require(arrived.modificationNanoseconds == .max, "the copy scans as \(arrived.modificationNanoseconds)")
        let moved = try RelativePath("moved")
        try f.mutator.moveItem(file, to: moved, in: f.destination)
        try require(
            try requireEntry(f, moved, in: f.destination).modificationNanoseconds == .max, "a move changed the time")
    }
}
