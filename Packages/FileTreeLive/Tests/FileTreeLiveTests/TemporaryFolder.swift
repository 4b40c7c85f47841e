import Foundation

/// A fresh folder under the system's temporary folder, removed when the value is released.
final class TemporaryFolder: Sendable {
    let url: URL

    init() throws {
        url = URL(filePath: NSTemporaryDirectory(), directoryHint: .isDirectory)
            .appending(path: "file-tree-live-\(UUID().uuidString)", directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// A new folder inside this one.
    func folder(_ name: String) throws -> URL {
        let folder = url.appending(path: name, directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        return folder
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}
