import Foundation

/// A fresh folder under the system's temporary folder, removed when the value is released.
final class TemporaryFolder: Sendable {
    let url: URL

    init() throws {
        url = URL(filePath: NSTemporaryDirectory(), directoryHint: .isDirectory)
            .appending(path: "lock-live-\(UUID().uuidString)", directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Every path below the folder, relative to it, leaving out `excluded` and what it holds.
    func paths(excluding excluded: URL) throws -> [String] {
        let root = url.standardizedFileURL.path(percentEncoded: false)
        let skipped = excluded.standardizedFileURL.path(percentEncoded: false)
        var result: [String] = []
        var folders = [root]
        while let folder = folders.popLast() {
            for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
                let path = (folder.hasSuffix("/") ? folder : folder + "/") + name
                if path == skipped || path + "/" == skipped { continue }
                result.append(String(path.dropFirst(root.count)))
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
                    folders.append(path)
                }
            }
        }
        return result
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}
