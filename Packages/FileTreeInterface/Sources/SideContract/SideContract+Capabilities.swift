import FileTreeContract
import FileTreeInterface
import Foundation

extension SideContract {
    static let capabilityCases: [SideContractCase] = [
        SideContractCase(
            name: "capabilities are honest: atomic rename never replaces, set times are kept, identity kinds hold",
            check: honestCapabilities)
    ]

    static func honestCapabilities(_ f: SideContractFixture) throws {
        let side = try f.sides.openSide(at: f.first)
        let second = try f.sides.openSide(at: f.second)
        try require(side.capabilities == second.capabilities, "two sides of one opener claim different capabilities")
        try require(!side.location.isEmpty, "a side has no location to name in messages")
        let claims = side.capabilities
        let a = try f.file("a", in: f.first, bytes: Data("a".utf8))
        let b = try f.file("b", in: f.first, bytes: Data("b".utf8))
        if claims.features.contains(.atomicRename) {
            try requireFailure("moveItem onto a taken name on a side claiming atomic rename") {
                try side.moveItem(a, to: b)
            }
            try require(try f.contents(of: b, in: f.first) == Data("b".utf8), "a move replaced its destination")
        }
        let expected = try requireEntry(side, a)
        if claims.features.contains(.settableModificationTimes) {
            let copied = try second.copyFile(a, from: side, expected: expected, to: a)
            try require(
                copied.modificationNanoseconds == expected.modificationNanoseconds,
                "a side claiming settable times gave a copy the time \(copied.modificationNanoseconds)")
        }
        let moved = try RelativePath("moved")
        try side.moveItem(a, to: moved)
        let after = try requireEntry(side, moved)
        switch claims.identity {
        case .fileSystem:
            try require(after.identity == expected.identity, "a file-system identity changed with a rename")
        case .serverVersion, .none:
            break
        }
    }
}
