import Foundation

/// Every `Package.swift` of the repository, copied into a new temporary folder.
///
/// Relative folders are kept, so `../X` paths between packages still resolve; sources are not
/// copied, as reading a manifest needs none.
struct ManifestCopy {
    /// Folders whose manifests belong to builds, not to the repository.
    private static let skipped: Set<String> = [".build", ".swiftpm", ".git"]

    /// The temporary folder laid out like the repository.
    let root: URL

    /// Copies the manifests found under `source`.
    ///
    /// - Parameter source: The folder to copy from; the repository by default.
    /// - Throws: When a folder cannot be read or a file cannot be copied.
    init(of source: URL = repositoryRoot) throws {
        let files = FileManager.default
        root = files.temporaryDirectory.appending(
            path: "architecture-\(UUID().uuidString)", directoryHint: .isDirectory)
        for relative in try Self.manifests(under: source) {
            let destination = root.appending(path: relative)
            try files.createDirectory(
                at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
            try files.copyItem(at: source.appending(path: relative), to: destination)
        }
    }

    /// Changes the copied manifests as the plant says.
    ///
    /// - Parameter plant: The manifest text to add or write.
    /// - Throws: When the manifest cannot be read or written.
    func apply(_ plant: Plant) throws {
        let folder = root.appending(path: plant.folder, directoryHint: .isDirectory)
        let manifest = folder.appending(path: "Package.swift")
        switch plant.edit {
        case .append(let text):
            let original = try String(contentsOf: manifest, encoding: .utf8)
            try Data((original + text).utf8).write(to: manifest)
        case .create(let text):
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: manifest)
        case .source(let path, let text):
            let file = folder.appending(path: path)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
    }

    /// Runs the architecture check on a fresh copy with the plants applied, then deletes it.
    ///
    /// - Parameter plants: The changes to make to the copied manifests first.
    /// - Returns: The exit status and everything the check printed.
    /// - Throws: When copying, planting or starting the check fails.
    static func check(planting plants: [Plant]) throws -> ArchitectureCheck.Result {
        let copy = try ManifestCopy()
        defer { copy.remove() }
        for plant in plants {
            try copy.apply(plant)
        }
        return try ArchitectureCheck.run(on: copy.root)
    }

    /// Deletes the temporary folder.
    func remove() {
        try? FileManager.default.removeItem(at: root)
    }

    private static func manifests(under source: URL) throws -> [String] {
        let path = source.path(percentEncoded: false)
        guard let walker = FileManager.default.enumerator(atPath: path) else {
            throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: path])
        }
        var found: [String] = []
        while let relative = walker.nextObject() as? String {
            let name = relative.split(separator: "/").last.map(String.init) ?? relative
            if skipped.contains(name) {
                walker.skipDescendants()
            } else if name == "Package.swift" {
                found.append(relative)
            }
        }
        return found
    }
}
