import Foundation

/// A fresh folder under the system's temporary folder, removed when the value is released.
final class TemporaryFolder: Sendable {
    let url: URL

    init() throws {
        url = URL(filePath: NSTemporaryDirectory(), directoryHint: .isDirectory)
            .appending(path: "watch-live-\(UUID().uuidString)", directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}
