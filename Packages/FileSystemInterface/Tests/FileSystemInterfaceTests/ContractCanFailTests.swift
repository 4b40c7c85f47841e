import FileSystemContract
import FileSystemInterface
import Foundation
import Testing

/// Proves the contract can fail: a provider that creates configured folders and ignores the
/// purpose is caught.
@Suite("The file system contract catches wrong implementations")
struct ContractCanFailTests {
    @Test(
        "a provider that answers without looking fails",
        arguments: [
            "a configured missing folder gives nil and is never created",
            "a configured path that is a file gives nil",
            "a folder removed after configuration reads as nil, as an unmounted drive",
            "each purpose gets its own folder",
            "a configured folder reached through a symbolic link is returned; a dangling link gives nil",
        ])
    func careless(caseName: String) throws {
        let check = try #require(FileSystemContract.cases.first { $0.name == caseName })
        let fixture = FileSystemContractFixture(
            scratch: URL(filePath: "/scratch", directoryHint: .isDirectory),
            makeProvider: { containers in CarelessProvider(answer: containers[.sync]) },
            makeDirectory: { _ in }, makeFile: { _ in }, remove: { _ in }, exists: { _ in false },
            makeSymbolicLink: { _, _ in })
        #expect(throws: ContractViolation.self) { try check.verify(fixture) }
    }

    @Test("a purpose keeps its raw value and compares by it")
    func purpose() {
        #expect(Purpose.sync.rawValue == "sync")
        #expect(Purpose(rawValue: "sync") == .sync)
        #expect(Purpose(rawValue: "photos") != .sync)
    }
}

/// Returns the configured sync folder for every purpose, whether it exists or not.
private struct CarelessProvider: FileSystemProviding {
    let answer: URL?
    func containerURL(for purpose: Purpose) -> URL? { answer }
}
