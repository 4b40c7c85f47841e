public import Foundation

/// The XDG base folders (`$XDG_CONFIG_HOME`, `$XDG_DATA_HOME`, `$XDG_STATE_HOME`) with their
/// standard fallbacks under `$HOME`.
///
/// A variable that is unset, empty or relative is ignored, as the XDG Base Directory
/// specification requires.
public struct XDGDirectories: Sendable, Equatable {
    /// Configuration: `$XDG_CONFIG_HOME`, else `~/.config`.
    public let config: URL
    /// Data: `$XDG_DATA_HOME`, else `~/.local/share`.
    public let data: URL
    /// State: `$XDG_STATE_HOME`, else `~/.local/state`.
    public let state: URL

    /// Reads the folders from an environment.
    /// - Parameter environment: the variables to read; the process's own by default.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()
        func folder(_ variable: String, _ fallback: String) -> URL {
            if let value = environment[variable], value.hasPrefix("/") {
                return URL(filePath: value, directoryHint: .isDirectory)
            }
            return URL(filePath: home, directoryHint: .isDirectory).appending(
                path: fallback, directoryHint: .isDirectory)
        }
        config = folder("XDG_CONFIG_HOME", ".config")
        data = folder("XDG_DATA_HOME", ".local/share")
        state = folder("XDG_STATE_HOME", ".local/state")
    }
}
