public import BookmarkInterface
public import Foundation

/// The behaviour every ``BookmarkResolving`` implementation shares, written once and run against
/// the Live resolver (on a temporary folder) and the Mock.
public enum BookmarkResolvingContract {
    /// Every case of the contract.
    public static let cases: [BookmarkResolvingContractCase] = [
        .init(name: "a folder resolves to its own path, not stale", check: roundTrip),
        .init(name: "a folder renamed within its parent is found again and reported stale", check: renamed),
        .init(
            name: "a folder renamed and replaced at its old name is found at its new name", check: renamedAndReplaced),
        .init(name: "a folder moved to another parent is not found", check: movedAway),
        .init(name: "a removed folder is not found", check: removed),
        .init(name: "another folder that took the old name is never mistaken for it", check: impostor),
        .init(name: "bookmark data for a file or a missing path is refused", check: notAFolder),
        .init(name: "malformed bookmark data is an error", check: malformed),
        .init(name: "a resolved folder's URL is a folder's URL, at its path and moved", check: folderURLs),
    ]

    static func folderURLs(_ f: BookmarkResolvingContractFixture) throws {
        let folder = try f.folder("docs")
        let data = try f.resolver.makeBookmark(for: folder)
        let found = try f.resolver.resolveBookmark(data).url
        try require(found.hasDirectoryPath, "resolved to \(found), not a folder's URL")
        try f.move(folder, f.root.appending(path: "papers", directoryHint: .isDirectory))
        let moved = try f.resolver.resolveBookmark(data).url
        try require(moved.hasDirectoryPath, "a moved folder resolved to \(moved), not a folder's URL")
    }

    static func roundTrip(_ f: BookmarkResolvingContractFixture) throws {
        let folder = try f.folder("docs")
        let resolved = try f.resolver.resolveBookmark(try f.resolver.makeBookmark(for: folder))
        try require(same(resolved.url, folder) && !resolved.isStale, "resolved to \(resolved)")
    }

    static func renamed(_ f: BookmarkResolvingContractFixture) throws {
        let folder = try f.folder("docs")
        let data = try f.resolver.makeBookmark(for: folder)
        let renamed = f.root.appending(path: "papers", directoryHint: .isDirectory)
        try f.move(folder, renamed)
        let resolved = try f.resolver.resolveBookmark(data)
        try require(same(resolved.url, renamed) && resolved.isStale, "resolved to \(resolved)")
    }

    static func renamedAndReplaced(_ f: BookmarkResolvingContractFixture) throws {
        let folder = try f.folder("docs")
        let data = try f.resolver.makeBookmark(for: folder)
        let renamed = f.root.appending(path: "docs-old", directoryHint: .isDirectory)
        try f.move(folder, renamed)
        _ = try f.folder("docs")
        let resolved = try f.resolver.resolveBookmark(data)
        try require(same(resolved.url, renamed) && resolved.isStale, "resolved to \(resolved)")
    }

    static func movedAway(_ f: BookmarkResolvingContractFixture) throws {
        let folder = try f.folder("docs")
        let data = try f.resolver.makeBookmark(for: folder)
        let elsewhere = try f.folder("elsewhere")
        try f.move(folder, elsewhere.appending(path: "docs", directoryHint: .isDirectory))
        try requireNotFound(f, data)
    }

    static func removed(_ f: BookmarkResolvingContractFixture) throws {
        let folder = try f.folder("docs")
        let data = try f.resolver.makeBookmark(for: folder)
        try f.remove(folder)
        try requireNotFound(f, data)
    }

    static func impostor(_ f: BookmarkResolvingContractFixture) throws {
        let folder = try f.folder("docs")
        let data = try f.resolver.makeBookmark(for: folder)
        let elsewhere = try f.folder("elsewhere")
        try f.move(folder, elsewhere.appending(path: "docs", directoryHint: .isDirectory))
        _ = try f.folder("docs")
        try requireNotFound(f, data)
    }

    static func notAFolder(_ f: BookmarkResolvingContractFixture) throws {
        let file = f.root.appending(path: "file.txt")
        try f.makeFile(file)
        for url in [file, f.root.appending(path: "missing")] {
            do {
                _ = try f.resolver.makeBookmark(for: url)
                throw ContractViolation(description: "bookmark data was made for \(url.path)")
            } catch let error as BookmarkError {
                try require(
                    error == .notAFolder(path: url.path(percentEncoded: false)), "expected notAFolder, got \(error)")
            }
        }
    }

    static func malformed(_ f: BookmarkResolvingContractFixture) throws {
        let valid = try f.resolver.makeBookmark(for: try f.folder("docs"))
        let samples = [
            Data(), Data("{}".utf8), Data("not a bookmark".utf8), Data([0xFF, 0x00, 0x12]),
            valid.prefix(valid.count / 2),
        ]
        for sample in samples {
            do {
                let resolved = try f.resolver.resolveBookmark(sample)
                throw ContractViolation(
                    description: "malformed data \(Array(sample.prefix(16))) resolved to \(resolved.url.path)")
            } catch let error as BookmarkError {
                guard case .malformedBookmark = error else {
                    throw ContractViolation(description: "expected malformedBookmark, got \(error)")
                }
            }
        }
    }

    private static func requireNotFound(_ f: BookmarkResolvingContractFixture, _ data: Data) throws {
        do {
            let resolved = try f.resolver.resolveBookmark(data)
            throw ContractViolation(description: "expected folderNotFound, resolved to \(resolved.url.path)")
        } catch let error as BookmarkError {
            guard case .folderNotFound = error else {
                throw ContractViolation(description: "expected folderNotFound, got \(error)")
            }
        }
    }

    private static func same(_ a: URL, _ b: URL) -> Bool {
        a.standardizedFileURL.path(percentEncoded: false).trimmingTrailingSlash
            == b.standardizedFileURL.path(percentEncoded: false).trimmingTrailingSlash
    }

}

extension String {
    fileprivate var trimmingTrailingSlash: String { count > 1 && hasSuffix("/") ? String(dropLast()) : self }
}

/// One behaviour of ``BookmarkResolvingContract``.
public typealias BookmarkResolvingContractCase = ContractCase<BookmarkResolvingContractFixture>

/// A resolver and the world it looks at, for one contract case.
public struct BookmarkResolvingContractFixture: Sendable {
    public let resolver: any BookmarkResolving
    /// An existing, empty folder for this case alone.
    public let root: URL
    /// Creates a folder (its parent exists).
    public let makeDirectory: @Sendable (URL) throws -> Void
    /// Creates a small file.
    public let makeFile: @Sendable (URL) throws -> Void
    /// Renames or moves a file or folder (`rename(2)`).
    public let move: @Sendable (URL, URL) throws -> Void
    /// Removes a folder and its contents.
    public let remove: @Sendable (URL) throws -> Void

    /// Creates a fixture; see the properties for what each closure must do.
    public init(
        resolver: any BookmarkResolving, root: URL,
        makeDirectory: @escaping @Sendable (URL) throws -> Void,
        makeFile: @escaping @Sendable (URL) throws -> Void,
        move: @escaping @Sendable (URL, URL) throws -> Void,
        remove: @escaping @Sendable (URL) throws -> Void
    ) {
        self.resolver = resolver
        self.root = root
        self.makeDirectory = makeDirectory
        self.makeFile = makeFile
        self.move = move
        self.remove = remove
    }

    func folder(_ name: String) throws -> URL {
        let url = root.appending(path: name, directoryHint: .isDirectory)
        try makeDirectory(url)
        return url
    }
}
