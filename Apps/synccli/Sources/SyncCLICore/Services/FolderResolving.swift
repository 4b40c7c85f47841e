import Foundation

/// A folder the user typed, as the command line understands it.
struct LocalFolder: Sendable, Equatable {
    /// The path as typed, made absolute and with `.` and `..` removed (links not resolved): its
    /// last component names a new pair.
    var typed: URL
    /// The same path with the links in it resolved: the folder the pair keeps.
    var resolved: URL
    /// Whether a folder is there (false: nothing, or something that is not a folder).
    var isFolder: Bool
}

/// Finds the folders the user types (`sync <folder>`, `container set <dir>`).
///
/// A link in a path the user typed is theirs to follow: it is resolved here, once, and the
/// engine never follows a link at a root.
protocol FolderResolving: Sendable {
    /// The folder `path` names, relative paths taken from the current folder.
    func folder(at path: String) -> LocalFolder
}
