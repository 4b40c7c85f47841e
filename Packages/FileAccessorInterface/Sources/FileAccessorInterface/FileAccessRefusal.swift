/// Why a file accessor refused to read what is at a path: something that is not a small regular
/// file. Each case reads as one sentence that starts with the path.
///
/// Cases that Foundation has a `CocoaError` for keep it (a missing file, a folder, a file in
/// place of a folder: see ``FileAccessError``); these are the situations it has none for, because
/// Foundation follows links, blocks on a FIFO and reads without a limit.
///
/// ```swift
/// catch let refusal as FileAccessRefusal { print(refusal) }
/// // /c/pair/data.json: is a FIFO, not a regular file; refused
/// ```
public enum FileAccessRefusal: Error, Equatable, Sendable, CustomStringConvertible {
    /// What a special file is, in words.
    public enum Kind: String, Sendable, Equatable {
        case fifo = "a FIFO"
        case socket = "a socket"
        case characterDevice = "a character device"
        case blockDevice = "a block device"
        case other = "a special file"
    }

    /// The last component is a symbolic link (dangling or not); it was not followed.
    case symbolicLink(path: String)
    /// The path names a FIFO, a socket or a device; nothing was read from it.
    case notARegularFile(path: String, kind: Kind)
    /// The file holds `size` bytes, more than the accessor's `limit`; nothing was returned.
    case tooLarge(path: String, size: Int64, limit: Int)

    /// The path that was refused.
    public var path: String {
        switch self {
        case .symbolicLink(let path), .notARegularFile(let path, _), .tooLarge(let path, _, _): path
        }
    }

    /// What is wrong, without the path, for example `"is a FIFO, not a regular file; refused"`.
    public var reason: String {
        switch self {
        case .symbolicLink:
            "is a symbolic link; links are never followed"
        case .notARegularFile(_, let kind):
            "is \(kind.rawValue), not a regular file; refused"
        case .tooLarge(_, let size, let limit):
            "\(ByteCountText.describe(size, over: Int64(limit))) is over the \(ByteCountText.describe(Int64(limit))) limit for the tool's own files"
        }
    }

    /// `"<path>: <reason>"`, one line.
    public var description: String { "\(path): \(reason)" }
}
