public import FileAccessorInterface
public import Foundation

/// The app's settings, a JSON object of strings in one file, read and written through whatever
/// ``FileAccessorProviding`` it is given: the Live accessor in the app, the Mock in its tests.
public struct SettingsStore: Sendable {
    let accessor: any FileAccessorProviding

    /// Creates a store over `accessor`.
    public init(accessor: any FileAccessorProviding) {
        self.accessor = accessor
    }

    /// The settings in the file at `url`.
    /// - Throws: what the accessor throws (a missing file is `CocoaError(.fileReadNoSuchFile)`),
    ///   or `DecodingError` when the file is not a JSON object of strings.
    public func load(from url: URL) throws -> [String: String] {
        try JSONDecoder().decode([String: String].self, from: accessor.read(from: url))
    }

    /// Replaces the file at `url` with `settings`, atomically.
    /// - Throws: what the accessor throws (a missing folder is `CocoaError(.fileNoSuchFile)`).
    public func save(_ settings: [String: String], to url: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        try accessor.write(encoder.encode(settings), to: url)
    }
}
