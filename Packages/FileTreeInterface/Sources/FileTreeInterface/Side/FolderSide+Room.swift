import Foundation

extension FolderSide {
    /// Streamed copies at least this large are checked against the side's free space before they
    /// start (one `statvfs`); smaller ones cannot fill a disk alone, and `ENOSPC` ends them cleanly.
    public static let roomCheckMinimum: Int64 = 1 << 20

    /// Refuses a streamed copy of `size` bytes that cannot fit in the free space this side
    /// reports, before a byte is written: a server that lists a file of terabytes fails that file
    /// at once instead of filling the disk first. A side that cannot tell its free space copies
    /// as before. (A copy between local folders keeps holes, so a sparse file needs far less than
    /// its size: that path is checked by its copier, against the blocks the file holds.)
    /// - Throws: ``TreeError/io(path:code:message:)`` with `ENOSPC`, naming both sizes.
    func requireRoom(for size: Int64, at destination: RelativePath) throws {
        guard size >= Self.roomCheckMinimum, let free = try? availableSpace(), size > free else { return }
        throw Self.noRoom(for: size, free: free, at: destination)
    }

    /// The refusal of a copy of a file of `size` bytes that `free` bytes cannot hold, before a
    /// byte is written: ``TreeError/io(path:code:message:)`` with `ENOSPC`, naming both sizes.
    /// Every copier that checks the room first says it this way.
    public static func noRoom(for size: Int64, free: Int64, at destination: RelativePath) -> TreeError {
        .io(
            path: destination, code: ENOSPC,
            message:
                "the file is \(ByteText.of(size)) and only \(ByteText.of(free)) is free on this side; nothing was written"
        )
    }
}
