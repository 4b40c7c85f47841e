public import Foundation

extension FolderSide {
    public func digest(of path: RelativePath) throws -> ContentDigest {
        try copier.digest(of: path, in: root)
    }

    public func read(_ path: RelativePath, expected: TreeEntry, into sink: (Data) throws -> Void) throws {
        try requireStreamer(path).read(path, in: root, expected: expected, into: sink)
    }

    public func stageCopy(
        of sourcePath: RelativePath, from source: any SideContents, expected: TreeEntry, to destination: RelativePath
    ) throws -> StagedCopy {
        if let folder = source as? FolderSide, copiesDirectly(from: folder) {
            return try copier.stageCopy(sourcePath, in: folder.root, expected: expected, to: destination, in: root)
        }
        let streamer = try requireStreamer(destination)
        try requireRoom(for: expected.size, at: destination)
        return try streamer.stageWrite(to: destination, in: root, entry: expected) { write in
            try source.read(sourcePath, expected: expected, into: write)
        }
    }

    public func commit(_ staged: [StagedCopy]) -> [Result<TreeEntry, TreeError>] {
        copier.commit(staged, in: root)
    }

    public func discard(_ staged: [StagedCopy]) {
        copier.discard(staged, in: root)
    }

    /// Whether this side's copier can copy from `other`'s root in one call (the fast path).
    public func copiesDirectly(from other: FolderSide) -> Bool {
        ObjectIdentifier(type(of: other.copier)) == ObjectIdentifier(type(of: copier)) && other.copyDomain == copyDomain
    }

    private func requireStreamer(_ path: RelativePath) throws -> any FileStreaming {
        guard let streamer else {
            throw TreeError.io(path: path, code: ENOTSUP, message: "this folder's copier cannot stream contents")
        }
        return streamer
    }
}
