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
/// in between, both exist and the new one is read). Beside it, `archive.synccli-journal` holds
/// what each sync since the file was written changed (see ``ArchiveJournal``): a sync that
/// changed a few paths of a large tree appends their records instead of writing them all again.
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

    func journalURL(for pair: String) -> URL {
        stateFolder.appending(path: folder(for: pair).text).appending(path: ArchiveJournal.fileName)
    }

    /// Whether this machine keeps an archive of `pair` (a pair never synced has none); reads
    /// nothing.
    func exists(pair: String) -> Bool {
        accessor.fileExists(at: url(for: pair)) || accessor.fileExists(at: previousURL(for: pair))
    }

    /// The archive, or an empty one with the reason it could not be used: the archive file, with
    /// the segments of its journal replayed (see ``ArchiveJournal``; a torn or stale one ends the
    /// replay, and the next save writes the file whole).
    /// - Throws: ``SyncError/io(path:underlying:)`` when a file exists but cannot be read.
    func load(pair: String) throws -> (Archive, problem: String?) {
        var url = url(for: pair)
        var found = try accessor.readIfPresent(url)
        let current = found != nil
        if !current {
            url = previousURL(for: pair)
            found = try accessor.readIfPresent(url)
        }
        guard let data = found else { return (Archive(pair: pair), nil) }
        var archive: Archive
        do {
            archive = try Archive.decode(data, pair: pair)
        } catch {
            return (Archive(pair: pair), "\(url.path): \(error); syncing as a first sync (merging, deleting nothing)")
        }
        guard current else { return (archive, nil) }  // an archive under its previous name is saved whole
        // Not a journal this tool can read (a link, a folder, no permission): the archive as last
        // written whole is older but true, and the next save removes what is there.
        var journal: Data?
        var problem: String?
        do {
            journal = try accessor.readIfPresent(journalURL(for: pair))
        } catch {
            problem = "\(error); using the archive as last written whole, some syncs older"
        }
        let replay = journal.map { ArchiveJournal.replay($0, onto: &archive) } ?? ArchiveJournal.Replay(clean: true)
        archive.stored = StoredForm(
            generation: archive.generation, baseBytes: data.count, journalBytes: journal?.count ?? 0,
            journalClean: replay.clean && problem == nil)
        return (archive, problem)
    }

    /// Saves the archive. When it was loaded from its files and changed since only by one sync's
    /// updates (`changed`: the paths whose records that sync set or removed), the change is added
    /// to the journal while the journal stays under a quarter of the archive file's size; else
    /// the journal is removed and the archive file written whole, atomically. Then an archive
    /// under its previous name is removed.
    /// - Throws: ``SyncError`` when a file cannot be written or removed.
    func save(_ archive: Archive, changed: [RelativePath]? = nil) throws {
        if let changed, try addToJournal(archive, changed: changed) { return }
        let folder = folder(for: archive.pair)
        let state = try makeFolders(folder)
        // The journal goes first: a crash or a failed write before the new file is in place
        // leaves the archive as last written whole (some syncs older, which is safe: the next
        // sync finds both sides alike where they are), never a journal that no longer follows
        // the file.
        try remove(try folder.appending(ArchiveJournal.fileName), from: state, url: journalURL(for: archive.pair))
        let url = url(for: archive.pair)
        do {
            try accessor.write(try archive.encoded(), to: url)
        } catch {
            throw SyncError.wrap(error, path: url.path)
        }
        try remove(try folder.appending(Self.previousFileName), from: state, url: previousURL(for: archive.pair))
    }

    /// Adds the sync's change to the journal, when the archive allows it (see ``save(_:changed:)``).
    /// - Returns: false when the archive file must be written whole instead.
    private func addToJournal(_ archive: Archive, changed: [RelativePath]) throws -> Bool {
        guard let stored = archive.stored, stored.journalClean, stored.generation + 1 == archive.generation else {
            return false
        }
        var bytes = stored.journalBytes == 0 ? ArchiveJournal.header(following: stored.generation) : []
        bytes += ArchiveJournal.segment(
            from: stored.generation, to: archive.generation, container: archive.container, changed: changed,
            records: archive.records)
        guard stored.journalBytes + bytes.count <= stored.baseBytes / 4 else { return false }
        let url = journalURL(for: archive.pair)
        do {
            return try accessor.append(Data(bytes), to: url, ifSizeIs: stored.journalBytes)
        } catch {
            throw SyncError.wrap(error, path: url.path)
        }
    }

    /// Removes `path` from the state folder durably, if it is there.
    private func remove(_ path: RelativePath, from state: any SyncSideProviding, url: URL) throws {
        do {
            try state.removeItem(path)
            try state.flush()
        } catch TreeError.notFound {
            return
        } catch {
            throw SyncError.wrap(error, path: url.path)
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
