import Foundation
import InMemorySupport

@testable import SyncCLICore

/// The folders the user types, looked up in a Mock world's tree (paths are absolute in tests).
struct MockFolders: FolderResolving {
    let world: MockWorld

    func folder(at path: String) -> LocalFolder {
        let url = URL(filePath: path, directoryHint: .isDirectory).standardizedFileURL
        let isFolder = world.withTree { $0.entry(at: PathKey(url))?.isDirectory == true }
        return LocalFolder(typed: url, resolved: url, isFolder: isFolder)
    }
}

/// A clock that stands still.
struct FixedTime: TimeProviding {
    var date = Date(timeIntervalSince1970: 1_700_000_000)
    func now() -> Date { date }
}
