import Foundation

/// The XDG folders an injected environment names by itself: `$XDG_CONFIG_HOME` /
/// `$XDG_DATA_HOME` when absolute, else `~/.config` / `~/.local/share` under an absolute
/// `$HOME`, else none.
///
/// Unlike `XDGDirectories`, there is no fallback to the password database's home: an environment
/// without a usable `HOME` has no default container and no configuration file, and nothing is
/// created anywhere (issue 18 item 8).
struct EnvironmentFolders: Sendable {
    /// The configuration folder, or nil when the environment names none.
    let config: URL?
    /// The data folder, or nil when the environment names none.
    let data: URL?

    init(_ environment: [String: String]) {
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
        func folder(_ variable: String, _ fallback: String) -> URL? {
            if let value = environment[variable], value.hasPrefix("/") {
                return URL(filePath: value, directoryHint: .isDirectory)
            }
            return home.map {
                URL(filePath: $0, directoryHint: .isDirectory).appending(path: fallback, directoryHint: .isDirectory)
            }
        }
        config = folder("XDG_CONFIG_HOME", ".config")
        data = folder("XDG_DATA_HOME", ".local/share")
    }

    /// Why a folder is unknown, for the one line the user reads.
    static func missing(_ variable: String) -> String {
        "neither \(variable) nor an absolute HOME is set in the environment"
    }
}
