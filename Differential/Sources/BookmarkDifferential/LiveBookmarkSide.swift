import BookmarkInterface
import BookmarkLive
import DifferentialSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `DefaultBookmarkStorage` and `DefaultBookmarkResolver` in a fresh folder (under `/dev/shm`
/// when there is one), with direct changes made by system calls; the folder is removed when the
/// side is released.
final class LiveBookmarkSide: BookmarkSide {
    let storage: any BookmarkStorageProviding
    let resolver: any BookmarkResolving = DefaultBookmarkResolver()
    let tree: String
    let store: String
    var marks: [Data] = []
    private let base: String

    init() throws {
        base = try DiskChanges.scratchFolder("bookmark-differential")
        tree = base + "/tree"
        store = base + "/state/bookmarks"
        storage = DefaultBookmarkStorage(folder: URL(filePath: store, directoryHint: .isDirectory))
        try FileManager.default.createDirectory(atPath: tree, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: base + "/state", withIntermediateDirectories: true)
        try Data("a file".utf8).write(to: URL(filePath: tree + "/file"))
    }

    deinit {
        try? FileManager.default.removeItem(atPath: base)
    }

    func entryPath(for key: String) -> String {
        store + "/" + key.utf8.map { $0 < 16 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
            + ".bookmark"
    }

    func replace(_ path: String, with plant: Plant) -> Int32? { DiskChanges.plant(plant, at: path) }

    func removeAll(_ path: String) -> Int32? { DiskChanges.remove(path) }

    func copyFile(_ from: String, _ to: String) -> Int32? {
        var status = stat()
        guard lstat(from, &status) == 0 else { return errno }
        guard status.st_mode & S_IFMT == S_IFREG, let data = FileManager.default.contents(atPath: from) else {
            return EINVAL
        }
        _ = removeAll(to)
        return replace(to, with: .file(String(decoding: data, as: UTF8.self)))
    }

    func makeFolder(_ path: String) -> Int32? { mkdir(path, 0o755) == 0 ? nil : errno }

    func rename(_ from: String, _ to: String) -> Int32? { Glibc.rename(from, to) == 0 ? nil : errno }

    func link(_ path: String, target: String) -> Int32? { symlink(target, path) == 0 ? nil : errno }
}
