import FileSystemInterface
import Foundation

/// The behaviour every ``FileSystemProviding`` implementation shares, written once and run against
/// the Live provider (on a temporary folder) and the Mock.
public enum FileSystemContract {
    /// Every case of the contract.
    public static let cases: [FileSystemContractCase] = [
        FileSystemContractCase(name: "a configured existing folder is returned", check: configuredFolder),
        FileSystemContractCase(name: "a purpose that is not configured gives nil", check: notConfigured),
        FileSystemContractCase(
            name: "a configured missing folder gives nil and is never created", check: missingFolder),
        FileSystemContractCase(name: "a configured path that is a file gives nil", check: fileInstead),
        FileSystemContractCase(
            name: "a folder removed after configuration reads as nil, as an unmounted drive", check: removedLater),
        FileSystemContractCase(name: "each purpose gets its own folder", check: purposesApart),
        FileSystemContractCase(name: "the answer is the same when asked twice", check: stable),
        FileSystemContractCase(
            name: "a configured folder reached through a symbolic link is returned; a dangling link gives nil",
            check: throughLink),
        FileSystemContractCase(
            name: "a folder whose name has a space, a percent sign and a non-ASCII letter is returned", check: oddName),
    ]

    private static let other = Purpose(rawValue: "contract-other")

    static func configuredFolder(_ f: FileSystemContractFixture) throws {
        let folder = f.scratch.appending(path: "container", directoryHint: .isDirectory)
        try f.makeDirectory(folder)
        let answer = try f.makeProvider([.sync: folder]).containerURL(for: .sync)
        try require(samePath(answer, folder), "expected \(folder.path), got \(answer?.path ?? "nil")")
    }

    static func notConfigured(_ f: FileSystemContractFixture) throws {
        let answer = try f.makeProvider([:]).containerURL(for: other)
        try require(answer == nil, "expected nil, got \(answer?.path ?? "nil")")
    }

    static func missingFolder(_ f: FileSystemContractFixture) throws {
        let folder = f.scratch.appending(path: "unmounted", directoryHint: .isDirectory)
        let answer = try f.makeProvider([.sync: folder]).containerURL(for: .sync)
        try require(answer == nil, "expected nil for a missing folder, got \(answer?.path ?? "nil")")
        try require(!f.exists(folder), "the provider created a configured folder")
    }

    static func fileInstead(_ f: FileSystemContractFixture) throws {
        let file = f.scratch.appending(path: "a-file")
        try f.makeFile(file)
        let answer = try f.makeProvider([.sync: file]).containerURL(for: .sync)
        try require(answer == nil, "expected nil for a file, got \(answer?.path ?? "nil")")
    }

    static func removedLater(_ f: FileSystemContractFixture) throws {
        let folder = f.scratch.appending(path: "drive", directoryHint: .isDirectory)
        try f.makeDirectory(folder)
        let provider = try f.makeProvider([.sync: folder])
        try require(provider.containerURL(for: .sync) != nil, "an existing folder gave nil")
        try f.remove(folder)
        let answer = provider.containerURL(for: .sync)
        try require(answer == nil, "a removed folder gave \(answer?.path ?? "nil")")
        try require(!f.exists(folder), "the provider re-created a removed folder")
    }

    static func purposesApart(_ f: FileSystemContractFixture) throws {
        let first = f.scratch.appending(path: "one", directoryHint: .isDirectory)
        let second = f.scratch.appending(path: "two", directoryHint: .isDirectory)
        try f.makeDirectory(first)
        try f.makeDirectory(second)
        let provider = try f.makeProvider([.sync: first, other: second])
        try require(samePath(provider.containerURL(for: .sync), first), "the sync purpose got another folder")
        try require(samePath(provider.containerURL(for: other), second), "the other purpose got another folder")
    }

    static func stable(_ f: FileSystemContractFixture) throws {
        let folder = f.scratch.appending(path: "stable", directoryHint: .isDirectory)
        try f.makeDirectory(folder)
        let provider = try f.makeProvider([.sync: folder])
        try require(provider.containerURL(for: .sync) == provider.containerURL(for: .sync), "two answers differ")
    }

    static func throughLink(_ f: FileSystemContractFixture) throws {
        guard let makeSymbolicLink = f.makeSymbolicLink else {
            throw ContractViolation(description: "the fixture cannot make symbolic links")
        }
        let real = f.scratch.appending(path: "mounted", directoryHint: .isDirectory)
        try f.makeDirectory(real)
        let link = f.scratch.appending(path: "drive", directoryHint: .isDirectory)
        try makeSymbolicLink(link, "mounted")
        let dangling = f.scratch.appending(path: "gone", directoryHint: .isDirectory)
        try makeSymbolicLink(dangling, "nowhere")
        let provider = try f.makeProvider([.sync: link, other: dangling])
        try require(samePath(provider.containerURL(for: .sync), link), "a folder behind a link gave nil")
        // Named without the trailing slash, the link is still followed (as stat follows it).
        let bare = URL(filePath: link.path(percentEncoded: false).trimmingSuffix("/"), directoryHint: .notDirectory)
        let bareAnswer = try f.makeProvider([.sync: bare]).containerURL(for: .sync)
        try require(samePath(bareAnswer, link), "a folder behind a link, named without a final slash, gave nil")
        try require(provider.containerURL(for: other) == nil, "a dangling link gave a container")
        try require(!f.exists(f.scratch.appending(path: "nowhere")), "the provider created a dangling link's target")
    }

    static func oddName(_ f: FileSystemContractFixture) throws {
        let folder = f.scratch.appending(path: "my drive 100% \u{e9}t\u{e9}", directoryHint: .isDirectory)
        try f.makeDirectory(folder)
        let answer = try f.makeProvider([.sync: folder]).containerURL(for: .sync)
        try require(
            samePath(answer, folder), "expected \(folder.path(percentEncoded: false)), got \(answer?.path ?? "nil")")
    }

    private static func samePath(_ answer: URL?, _ expected: URL) -> Bool {
        guard let answer else { return false }
        return answer.standardizedFileURL.path(percentEncoded: false).trimmingSuffix("/")
            == expected.standardizedFileURL.path(percentEncoded: false).trimmingSuffix("/")
    }

}

extension String {
    fileprivate func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) && count > 1 ? String(dropLast(suffix.count)) : self
    }
}
