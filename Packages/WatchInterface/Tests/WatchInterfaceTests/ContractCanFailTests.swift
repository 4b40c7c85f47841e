import Foundation
import Testing
import WatchContract
import WatchInterface

/// Proves the contract can fail: deliberately wrong watches are caught, and a correct one passes.
@Suite("The watch contract catches wrong implementations")
struct ContractCanFailTests {
    static func fixture(_ sloppiness: Sloppiness) -> WatchContractFixture {
        let root = URL(filePath: "/fake/root", directoryHint: .isDirectory)
        let outside = URL(filePath: "/fake/root2", directoryHint: .isDirectory)
        let disk = FakeDisk(folders: ["/fake", "/fake/root", "/fake/root2"])
        return WatchContractFixture(
            root: root, outside: outside, files: disk,
            makeWatching: { FakeWatching(disk: disk, sloppiness: sloppiness) }, deliver: {}, patience: .zero)
    }

    static func check(_ name: String) throws -> WatchContractCase {
        try #require(WatchContract.cases.first { $0.name == name })
    }

    @Test("a correct fake passes every case, so the failures below are specific", arguments: WatchContract.cases)
    func correctPasses(_ check: WatchContractCase) async throws {
        try await check.verify(Self.fixture([]))
    }

    @Test(
        "each kind of wrong watch fails the cases about it",
        arguments: [
            (Sloppiness.prefixConfined, "nothing outside the root is reported: not beside it, not through a link"),
            (.topLevelOnly, "a change deep in folders that existed before the start is reported"),
            (.topLevelOnly, "folders made after the start are watched, even when filled at once"),
            (.topLevelOnly, "a folder tree moved in after the start is watched"),
            (.absolutePaths, "a file written below the root is reported by its path relative to the root"),
            (.ignoresStop, "after stop returns nothing is delivered, and stopping twice is harmless"),
            (.ignoresStop, "a handler may stop its own watch"),
            (.acceptsAnyRoot, "a missing root, a file and a link are refused with rootUnavailable"),
            (.neverEnds, "removing the root ends the watch"),
            (.staleMoves, "a folder moved within the root is reported at its new path, never its old one"),
            (.staleMoves, "a folder moved out of the root is no longer reported"),
        ])
    func sloppyFails(sloppiness: Sloppiness, caseName: String) async throws {
        let check = try Self.check(caseName)
        await #expect(throws: ContractViolation.self) { try await check.verify(Self.fixture(sloppiness)) }
    }

    @Test("every case has a distinct name")
    func distinctNames() {
        #expect(Set(WatchContract.cases.map(\.name)).count == WatchContract.cases.count)
    }
}
