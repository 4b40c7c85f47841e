import FileTreeInterface
import Foundation

extension FileTreeContract {
    static let specialBitsCases: [FileTreeContractCase] = [
        FileTreeContractCase(
            name: "set-user-ID, set-group-ID and sticky bits never travel: a 06755 file is scanned and copied as 0755",
            check: specialBitsNeverTravel)
    ]

    static func specialBitsNeverTravel(_ f: FileTreeContractFixture) throws {
        let tool = try f.file("tool", in: f.source, bytes: Data("#!/bin/sh\n".utf8), permissions: 0o6755)
        let shared = try f.file("shared", in: f.source, permissions: 0o1777)
        let toolEntry = try requireEntry(f, tool, in: f.source)
        let sharedEntry = try requireEntry(f, shared, in: f.source)
        try require(
            toolEntry.permissions == 0o755 && sharedEntry.permissions == 0o777,
            "a scan reports special bits: \(octal(toolEntry.permissions)) and \(octal(sharedEntry.permissions))")

        let copied = try f.copier.copyFile(tool, in: f.source, expected: toolEntry, to: tool, in: f.destination)
        let staged = try f.copier.stageCopy(shared, in: f.source, expected: sharedEntry, to: shared, in: f.destination)
        try require(staged.entry.permissions == 0o777, "a staged copy has \(octal(staged.entry.permissions))")
        let committed = f.copier.commit([staged], in: f.destination)
        try require(
            committed.count == 1 && (try? committed[0].get()) != nil, "the staged copy was not placed: \(committed)")
        try require(copied.permissions == 0o755, "a copy of a 06755 file has \(octal(copied.permissions))")
        for (path, bits) in [(tool, UInt32(0o755)), (shared, UInt32(0o777))] {
            let arrived = try requireEntry(f, path, in: f.destination).permissions
            try require(arrived == bits, "\(path) arrived as \(octal(arrived)), expected \(octal(bits))")
        }
    }
}
