public import Foundation

/// This machine's state folder (archives, the pair list): where it is, and making it the first
/// time the engine writes there.
///
/// A dependency like the others: the wiring passes the Live one (`SyncEnvironment.live()`, which
/// makes `$XDG_STATE_HOME/synccli` with mode 0700 on first need), tests pass their own. Building a
/// ``SyncManager`` makes nothing; reading finds an absent folder empty (no pairs, a first sync).
///
/// ```swift
/// struct Scratch: StateFolderProviding {
///     let url = URL(filePath: "/state", directoryHint: .isDirectory)
///     func prepare() throws {}   // made by the test's in-memory world
/// }
/// ```
public protocol StateFolderProviding: Sendable {
    /// Where the state folder is. It may not exist yet.
    var url: URL { get }

    /// Makes the folder (with its missing ancestors) when it is not there; does nothing when it
    /// is. Called before every write into it.
    /// - Throws: any error making it (reported by the engine with the folder's path).
    func prepare() throws
}

/// A state folder that is already there (or made by someone else): ``prepare()`` does nothing.
public struct ExistingStateFolder: StateFolderProviding {
    public let url: URL

    /// The state folder at `url`, which the caller makes.
    public init(_ url: URL) {
        self.url = url
    }

    /// Does nothing: the folder is the caller's to make.
    public func prepare() throws {}
}
