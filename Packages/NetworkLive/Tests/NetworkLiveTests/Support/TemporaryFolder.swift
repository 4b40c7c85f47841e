import Foundation

/// A fresh folder under the system's temporary folder, for one test.
func makeTemporaryFolder(_ label: String = "network") throws -> URL {
    let url = FileManager.default.temporaryDirectory.appending(
        path: "\(label)-\(UUID().uuidString)", directoryHint: .isDirectory)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
