import FileAccessorInterface
import FileTreeInterface
import Foundation

/// Reads and writes a pair's archive in this machine's state folder:
/// `<state>/pairs/<hex of the pair name>/archive.json`, through the injected file accessor (so
/// every write is atomic); its folders are made through the state folder opened as a folder side.
struct ArchiveStore {
    var accessor: any FileAccessorProviding
    var sides: any SideOpening
    var state: any StateFolderProviding
    var stateFolder: URL { state.url }

    func folder(for pair: String) -> RelativePath {
        let hex = pair.utf8.map { byte in
            let text = String(byte, radix: 16)
            return text.count == 1 ? "0" + text : text
        }.joined()
        return (try? RelativePath(components: ["pairs", hex])) ?? .root
    }

    func url(for pair: String) -> URL {
        stateFolder.appending(path: folder(for: pair).text).appending(path: "archive.json")
    }

    /// The archive, or an empty one with the reason it could not be used.
    /// - Throws: ``SyncError/io(path:underlying:)`` when the file exists but cannot be read.
    func load(pair: String) throws -> (Archive, problem: String?) {
        let url = url(for: pair)
        guard let data = try accessor.readIfPresent(url) else { return (Archive(pair: pair), nil) }
        do {
            return (try Archive.decode(data, pair: pair), nil)
        } catch {
            return (Archive(pair: pair), "\(url.path): \(error); syncing as a first sync (merging, deleting nothing)")
        }
    }

    /// Saves the archive atomically.
    func save(_ archive: Archive) throws {
        let folder = folder(for: archive.pair)
        try makeFolders(folder)
        let url = url(for: archive.pair)
        do {
            try accessor.write(try archive.encoded(), to: url)
        } catch {
            throw SyncError.wrap(error, path: url.path)
        }
    }

    /// Creates the folders of `path` that are missing, durably (the archive is written inside).
    private func makeFolders(_ path: RelativePath) throws {
        let folder: any SyncSideProviding
        do {
            try state.prepare()
            folder = try sides.openSide(at: stateFolder)
        } catch {
            throw SyncError.wrap(error, path: stateFolder.path)
        }
        var current = RelativePath.root
        var made = false
        for name in path.components {
            current = try current.appending(name)
            do {
                try folder.makeDirectory(current)
                made = true
            } catch TreeError.alreadyExists {
                continue
            } catch {
                throw SyncError.wrap(error, path: stateFolder.appending(path: current.text).path)
            }
        }
        guard made else { return }
        do {
            try folder.flush()
        } catch {
            throw SyncError.wrap(error, path: stateFolder.path)
        }
    }
}
