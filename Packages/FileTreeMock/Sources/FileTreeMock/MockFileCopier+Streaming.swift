public import FileTreeInterface
public import Foundation
import InMemorySupport

extension MockFileCopier: FileStreaming {
    /// How many bytes each chunk of ``read(_:in:expected:into:)`` holds (small, so tests see
    /// several chunks).
    public static let streamChunk = 4_096

    /// Streams a file of the world to `sink`, with the Live's rules: the file must be the regular
    /// file `expected` describes before the read (``MockOperation/readContents``) and still after
    /// it (checked outside the journal), else ``TreeError/sourceChanged(_:)``. The chunks are
    /// given outside the world's lock, so `sink` may use the world (a streamed copy within it).
    public func read(_ path: RelativePath, in root: URL, expected: TreeEntry, into sink: (Data) throws -> Void) throws {
        let data = try world.perform(.readContents, url: MockRoot.url(of: path, in: root), mutates: false) { tree in
            let base = try MockRoot(root, in: tree, roots: roots)
            guard !path.isRoot else { throw TreeError.rootOperand }
            try base.checkPath(path, in: tree)
            guard let record = tree.entry(at: base.key(of: path)) else { throw TreeError.notFound(path) }
            // A link, a folder, a pipe, a socket or a device is never read as a file.
            guard let data = record.data, let current = TreeEntry(path: path, record),
                current.isUnchanged(comparedTo: expected)
            else {
                throw TreeError.sourceChanged(path)
            }
            return data
        }
        var offset = data.startIndex
        while offset < data.endIndex {
            let end = min(offset + Self.streamChunk, data.endIndex)
            try sink(data[offset..<end])
            offset = end
        }
        let after = world.withTree { tree in try? MockRoot(root, in: tree, roots: roots).entry(at: path, in: tree) }
        guard let after, after.isUnchanged(comparedTo: expected) else { throw TreeError.sourceChanged(path) }
    }

    /// Collects the bytes `producer` gives (outside the world's lock, so it may read this world),
    /// then writes them as one staged copy (``MockOperation/stageWrite``, mutating) with `entry`'s
    /// permissions (masked to `0o777`) and time. Nothing is written when `producer` throws or the
    /// byte count is not `entry.size` (``TreeError/sourceChanged(_:)``).
    public func stageWrite(
        to destination: RelativePath, in root: URL, entry: TreeEntry,
        from producer: ((Data) throws -> Void) throws -> Void
    ) throws -> StagedCopy {
        // Refuse a taken name before reading anything, as the Live one does.
        let taken = world.withTree { tree in
            (try? MockRoot(root, in: tree, roots: roots).entry(at: destination, in: tree)) != nil
        }
        if taken { throw TreeError.alreadyExists(destination) }
        var bytes = Data()
        try producer { bytes.append($0) }
        guard Int64(bytes.count) == entry.size else { throw TreeError.sourceChanged(destination) }
        let data = bytes
        return try world.perform(.stageWrite, url: MockRoot.url(of: destination, in: root), mutates: true) { tree in
            let base = try MockRoot(root, in: tree, roots: roots)
            guard !destination.isRoot else { throw TreeError.rootOperand }
            try base.checkPath(destination, in: tree)
            guard tree.entry(at: base.key(of: destination)) == nil else { throw TreeError.alreadyExists(destination) }
            var temporary = try destination.parent.appending(Self.temporaryName(for: destination, in: root, 0))
            var attempt: UInt64 = 0
            while tree.entry(at: base.key(of: temporary)) != nil {
                attempt += 1
                temporary = try destination.parent.appending(Self.temporaryName(for: destination, in: root, attempt))
            }
            try translating(destination) {
                try tree.writeFile(
                    data, at: base.key(of: temporary), permissions: entry.permissions & 0o777,
                    modificationNanoseconds: entry.modificationNanoseconds)
            }
            guard let written = try base.entry(at: temporary, in: tree) else { throw TreeError.notFound(destination) }
            return StagedCopy(
                destination: destination, temporaryName: temporary.name, entry: written.moved(to: destination))
        }
    }
}
