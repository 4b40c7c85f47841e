import Foundation

/// The folders the user types, found on this machine's disk.
struct LocalFolders: FolderResolving {
    func folder(at path: String) -> LocalFolder {
        let typed = URL(filePath: path, directoryHint: .isDirectory, relativeTo: URL.currentDirectory())
            .standardizedFileURL
        let resolved = typed.resolvingSymlinksInPath()
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: resolved.displayPath, isDirectory: &isFolder)
        return LocalFolder(typed: typed, resolved: resolved, isFolder: exists && isFolder.boolValue)
    }
}
