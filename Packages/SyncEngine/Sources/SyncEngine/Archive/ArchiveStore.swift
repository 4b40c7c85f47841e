import FileAccessorInterface
import FileTreeInterface
import Foundation

/// Reads and writes a pair's archive in this machine's state folder:
/// `<state>/pairs/<hex of the pair name>/archive.synccli-archive`, through the injected file
/// accessor (so every write is atomic); its folders are made through the state folder opened as
/// a folder side.
///
/// The file is in the *synccli-archive* format (see ``ArchiveCodec``; its first line names the
/// format and its version). Before the format had its own file name it was kept as
/// `archive.json` (not JSON): that file is still read when the new one is absent, and the next
/// save migrates it (the new file is written atomically, then the old one removed; interrupted
/// in between, both exist and the new one is read).
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

    /// The archive's file name.
    static let fileName = "archive.synccli-archive"
    /// Its name before the format had its own: read, then migrated by the next save.
    static let previousFileName = "archive.json"

    func url(for pair: String) -> URL {
        stateFolder.appending(path: folder(for: pair).text).appending(path: Self.fileName)
    }

    func previousURL(for pair: String) -> URL {
        stateFolder.appending(path: folder(for: pair).text).appending(path: Self.previousFileName)
    }

    /// The archive, or an empty one with the reason it could not be used.
    /// - Throws: ``SyncError/io(path:underlying:)`` when the file exists but cannot be read.
    func load(pair: String) throws -> (Archive, problem: String?) {
        var url = url(for: pair)
        var found = try accessor.readIfPresent(url)
        if found == nil {
            url = previousURL(for: pair)
            found = try accessor.readIfPresent(url)
        }
        guard let data = found else { return (Archive(pair: pair), nil) }
        do {
            return (try Archive.decode(data, pair: pair), nil)
        } catch {
            return (Archive(pair: pair), "\(url.path): \(error); syncing as a first sync (merging, deleting nothing)")
        }
    }

    /// Saves the archive atomically, then removes an archive under its previous name.
    func save(_ archive: Archive) throws {
        let folder = folder(for: archive.pair)
        let state = try makeFolders(folder)
        let url = url(for: archive.pair)
        do {
            try accessor.write(try archive.encoded(), to: url)
        } catch {
            throw SyncError.wrap(error, path: url.path)
        }
        let previous = try folder.appending(Self.previousFileName)
        do {
            try state.removeItem(previous)
            try state.flush()
        } catch TreeError.notFound {
            return
        } catch {
            throw SyncError.wrap(error, path: previousURL(for: archive.pair).path)
        }
    }

    /// Creates the folders of `path` that are missing, durably (the archive is written inside).
    /// - Returns: the state folder, opened as a side.
    func makeFolders(_ path: RelativePath) throws -> any SyncSideProviding {
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
        guard made else { return folder }
        do {
            try folder.flush()
        } catch {
            throw SyncError.wrap(error, path: stateFolder.path)
        }
        return folder
    }
}
