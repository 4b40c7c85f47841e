import Foundation

/// What `synccli service` needs: where this synccli is, where systemd looks for the user's units,
/// the variables the service must see as the user's shell does, and the unit folder's files.
/// The composition root reads them from the process; tests give fixed ones over the Mocks.
struct ServiceSetup: Sendable {
    /// This synccli's absolute path (what the unit runs).
    var executable: URL
    /// `$XDG_CONFIG_HOME/systemd/user`, else `$HOME/.config/systemd/user`; nil without either.
    var unitFolder: URL?
    /// The variables of this process that decide where synccli keeps its state, configuration
    /// and data, and which machine it is (``UnitFile/carriedVariables``), to carry into the unit.
    var environment: [String: String]
    /// The unit folder's files.
    var files: any UnitFileStore

    /// The unit's name.
    static let unitName = "synccli-watch.service"

    /// Where the user's units are: `$XDG_CONFIG_HOME/systemd/user` when that is an absolute
    /// path, else `$HOME/.config/systemd/user`; nil when neither is set.
    static func unitFolder(environment: [String: String]) -> URL? {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            return URL(filePath: config, directoryHint: .isDirectory).appending(path: "systemd/user")
        }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return URL(filePath: home, directoryHint: .isDirectory).appending(path: ".config/systemd/user")
    }
}

/// Reads, writes and removes files in the user's unit folder.
protocol UnitFileStore: Sendable {
    /// The file's bytes; nil when nothing is there.
    /// - Throws: when something is there but cannot be read (a folder, no permission).
    func contents(of url: URL) throws -> Data?
    /// Atomically replaces (or creates) the file, making its folders first.
    /// - Throws: when a folder cannot be made or the file cannot be written; nothing half-written.
    func write(_ data: Data, to url: URL) throws
    /// Whether something (a file or a link, not followed) is at `url`.
    func exists(_ url: URL) -> Bool
    /// Removes the file or link at `url` (a link's target is left alone).
    /// - Throws: when it cannot be removed.
    func remove(_ url: URL) throws
}
