/// What a step of a differential run puts where the implementation under test keeps a file (a
/// lock file, a bookmark entry, a store folder), replacing whatever was there.
public enum Plant: Sendable, Equatable, CustomStringConvertible {
    /// A regular file holding `text`.
    case file(String)
    /// An empty folder (mode 0700 on the disk).
    case folder
    /// A symbolic link to `target`.
    case link(String)

    public var description: String {
        switch self {
        case .file(let text): "a file \(text.debugDescription)"
        case .folder: "a folder"
        case .link(let target): "a link to \(target.debugDescription)"
        }
    }
}
