import FileSystemInterface
public import Foundation

/// The configuration file's contents: a container per purpose (an absolute folder path, or an
/// `http`/`https` URL as ``FileSystemInterface/ContainerAddress`` reads it), in a versioned JSON
/// document.
///
/// ```json
/// { "version": 1, "containers": { "sync": "/mnt/backup/sync", "photos": "https://dav.example.org/photos/" } }
/// ```
public struct ContainerConfiguration: Codable, Sendable, Equatable {
    /// The format version this code reads and writes.
    public static let currentVersion = 1

    public var version: Int
    /// Absolute folder paths or server URLs, by purpose name.
    public var containers: [String: String]

    /// A configuration naming these folders.
    public init(containers: [String: String] = [:]) {
        self.version = Self.currentVersion
        self.containers = containers
    }

    /// Decodes and validates a configuration file's bytes.
    /// - Throws: ``ConfigurationError`` when the JSON is malformed, of a future version, or names
    ///   a relative path or a URL that cannot be a container (another scheme, credentials in it).
    public static func decode(_ data: Data) throws -> ContainerConfiguration {
        let configuration: ContainerConfiguration
        do {
            configuration = try JSONDecoder().decode(ContainerConfiguration.self, from: data)
        } catch {
            throw ConfigurationError.malformed("not a valid configuration document")
        }
        guard configuration.version == currentVersion else {
            throw ConfigurationError.malformed(
                "version \(configuration.version) is not supported (expected \(currentVersion))")
        }
        for (purpose, path) in configuration.containers.sorted(by: { $0.key < $1.key }) {
            if ContainerAddress.isURL(path) {
                do {
                    _ = try ContainerAddress.serverURL(path)
                } catch {
                    throw ConfigurationError.malformed("the container for \"\(purpose)\": \(error)")
                }
            } else if !path.hasPrefix("/") {
                throw ConfigurationError.malformed("the folder for \"\(purpose)\" is not an absolute path: \(path)")
            }
        }
        return configuration
    }

    /// The document's bytes: stable, sorted, human-readable JSON.
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self) + Data("\n".utf8)
    }
}

/// Why a configuration file cannot be used.
public enum ConfigurationError: Error, Equatable, Sendable, CustomStringConvertible {
    case malformed(String)
    case unreadable(String)

    public var description: String {
        switch self {
        case .malformed(let reason): reason
        case .unreadable(let reason): "cannot be read: \(reason)"
        }
    }
}
