public import FileSystemInterface
public import Foundation
import POSIXSupport

/// The production ``FileSystemProviding``: finds container folders from the environment, a
/// configuration file, or a built-in default.
///
/// Resolution order for a purpose `p` (raw value upper-cased, non-alphanumerics as `_`):
/// 1. the environment variable `<APP>_CONTAINER_<P>` (for `.sync` and app `synccli`:
///    `SYNCCLI_CONTAINER_SYNC`), an absolute path or a server URL;
/// 2. the configuration file `$XDG_CONFIG_HOME/<app>/containers.json` (see
///    ``ContainerConfiguration``);
/// 3. for `.sync` only, the built-in default `$XDG_DATA_HOME/<app>/container`.
///
/// The environment is the whole truth: without `XDG_CONFIG_HOME` / `XDG_DATA_HOME` and an
/// absolute `HOME`, there is no configuration file and no default container (never the password
/// database's home), and nothing is created.
///
/// The first source that names a folder decides: a named folder that does not exist, is not a
/// folder, or cannot be listed and written gives `nil` and is **never created** (it may be an
/// unmounted drive). A malformed configuration file gives `nil` too, never the default. Only the
/// built-in default is created (mode 0700) on first use. ``resolveContainer(for:)`` says which
/// source decided and why a folder is unusable.
///
/// A source may name a container on a server instead: an `http` or `https` URL (see
/// ``FileSystemInterface/ContainerAddress``), given as it is, normalized, without looking for
/// the server (the side that opens it reports whether it is there). A URL of another scheme, or
/// one carrying a user name or password, gives `nil` with the reason (never the password).
///
/// ```swift
/// let provider = DefaultFileSystemProvider()
/// guard let container = provider.containerURL(for: .sync) else { ... }
/// ```
public struct DefaultFileSystemProvider: FileSystemProviding {
    /// The application name used in variable names and folder names.
    public let applicationName: String
    private let environment: [String: String]
    private let directories: XDGDirectories
    private let folders: EnvironmentFolders

    /// The provider for `synccli`, reading the process's environment.
    public init() {
        self.init(applicationName: "synccli", environment: ProcessInfo.processInfo.environment)
    }

    /// A provider for another application or environment (tests use this).
    /// - Parameters:
    ///   - applicationName: names the variables and folders, for example `"synccli"`.
    ///   - environment: the variables to read.
    public init(applicationName: String, environment: [String: String]) {
        self.applicationName = applicationName
        self.environment = environment
        self.directories = XDGDirectories(environment: environment)
        self.folders = EnvironmentFolders(environment)
    }

    /// The configuration file: `$XDG_CONFIG_HOME/<app>/containers.json`. When the environment
    /// names no configuration folder (no `XDG_CONFIG_HOME`, no absolute `HOME`), this is only
    /// where the file would be under the account's home: it is then never read nor written.
    public var configurationFile: URL {
        directories.config.appending(path: applicationName).appending(path: "containers.json")
    }

    /// The built-in default container for `.sync`: `$XDG_DATA_HOME/<app>/container`. When the
    /// environment names no data folder (no `XDG_DATA_HOME`, no absolute `HOME`), there is no
    /// default container and this path is never created.
    public var defaultSyncContainer: URL {
        directories.data.appending(path: applicationName).appending(path: "container", directoryHint: .isDirectory)
    }

    /// The environment variable that overrides the folder of `purpose`.
    public func environmentVariable(for purpose: Purpose) -> String {
        let name = (applicationName + "_CONTAINER_" + purpose.rawValue).uppercased()
        return String(
            name.unicodeScalars.map { $0.properties.isAlphabetic || ("0"..."9").contains($0) ? Character($0) : "_" })
    }

    public func containerURL(for purpose: Purpose) -> URL? {
        resolveContainer(for: purpose).url
    }

    /// Resolves the folder of `purpose` and explains the answer.
    /// - Parameter purpose: what the folder is for.
    /// - Returns: the source that decided, its folder, and the problem if it cannot be used.
    public func resolveContainer(for purpose: Purpose) -> ContainerResolution {
        let variable = environmentVariable(for: purpose)
        if let value = environment[variable], !value.isEmpty {
            return check(value, source: .environment(variable))
        }
        let file = configurationFile
        do {
            if let path = try readConfiguration()?.containers[purpose.rawValue] {
                return check(path, source: .configuration(file))
            }
        } catch {
            return ContainerResolution(
                source: .configuration(file), candidate: nil,
                problem: "the configuration file \(file.path) \(error)")
        }
        guard purpose == .sync else {
            return ContainerResolution(source: .none, candidate: nil, problem: "no folder is configured for \(purpose)")
        }
        guard folders.data != nil else {
            return ContainerResolution(
                source: .builtInDefault, candidate: nil,
                problem: "no default container: " + EnvironmentFolders.missing("XDG_DATA_HOME"))
        }
        let folder = defaultSyncContainer
        do {
            try makeFolderWithAncestors(folder.path(percentEncoded: false), permissions: 0o700)
        } catch {
            return ContainerResolution(
                source: .builtInDefault, candidate: folder, problem: "cannot be created: \(error)")
        }
        return check(folder.path(percentEncoded: false), source: .builtInDefault)
    }

    /// The most bytes the configuration file may hold, 1 MiB (it names a few folders).
    public static let configurationLimit = 1 << 20

    /// The configuration file's contents, or nil when there is none.
    ///
    /// The file is read as hostile input: a symbolic link is not followed, opening cannot block
    /// (a FIFO), and only a regular file of at most ``configurationLimit`` bytes is read.
    /// - Throws: ``ConfigurationError`` when it exists but is unreadable, is not a small regular
    ///   file (`.unreadable` with one sentence, such as "is a FIFO, not a regular file;
    ///   refused"), or is malformed.
    public func readConfiguration() throws -> ContainerConfiguration? {
        guard folders.config != nil else { return nil }
        let path = configurationFile.path(percentEncoded: false)
        let data: Data
        do {
            data = try BoundedFileReader.read(path, limit: Self.configurationLimit)
        } catch  where error.code == ENOENT {
            return nil
        } catch {
            throw ConfigurationError.unreadable(error.reason)
        }
        return try ContainerConfiguration.decode(data)
    }

    /// Records `folder` as the container of `purpose` in the configuration file (atomically), or
    /// removes the entry when `folder` is nil. The folder (or server) itself is neither checked
    /// nor created.
    /// - Parameters:
    ///   - folder: an absolute folder URL, an `http`/`https` server URL, or nil.
    ///   - purpose: what the folder is for.
    /// - Throws: ``ConfigurationError`` for a malformed existing file or a server URL that cannot
    ///   be a container (`.malformed`) or an environment that names no configuration folder
    ///   (`.unreadable`), ``SystemCallError`` when the file cannot be written.
    public func setContainer(_ folder: URL?, for purpose: Purpose) throws {
        guard folders.config != nil else {
            throw ConfigurationError.unreadable(
                "there is no configuration file: " + EnvironmentFolders.missing("XDG_CONFIG_HOME"))
        }
        var configuration = try readConfiguration() ?? ContainerConfiguration()
        configuration.containers[purpose.rawValue] = try folder.map(Self.configurationValue)
        let file = configurationFile
        try makeFolderWithAncestors(file.deletingLastPathComponent().path(percentEncoded: false), permissions: 0o700)
        try AtomicFileWriter.write(try configuration.encoded(), to: file.path(percentEncoded: false))
    }

    /// How the configuration file writes `container`: a folder as its path, a server as its URL.
    private static func configurationValue(_ container: URL) throws -> String {
        guard !container.isFileURL else { return container.standardizedFileURL.path(percentEncoded: false) }
        do {
            guard let server = try ContainerAddress.serverURL(container.absoluteString) else {
                throw ConfigurationError.malformed(
                    "\(ContainerAddress.display(container)) is neither a folder nor a server URL")
            }
            return server.absoluteString
        } catch let error as ContainerAddressError {
            throw ConfigurationError.malformed(error.description)
        }
    }

    private func check(_ path: String, source: ContainerResolution.Source) -> ContainerResolution {
        if ContainerAddress.isURL(path) {
            do {
                return ContainerResolution(
                    source: source, candidate: try ContainerAddress.serverURL(path), problem: nil)
            } catch {
                return ContainerResolution(source: source, candidate: nil, problem: error.description)
            }
        }
        guard path.hasPrefix("/") else {
            return ContainerResolution(source: source, candidate: nil, problem: "\(path) is not an absolute path")
        }
        let url = URL(filePath: path, directoryHint: .isDirectory)
        let problem: String? =
            switch try? FileStatus.of(path, followingLinks: true) {
            case nil: "\(path) does not exist (is the drive mounted?)"
            case let status? where status.kind != .directory: "\(path) is not a folder"
            default: isUsableFolder(path) ? nil : "\(path) cannot be listed and written by this user"
            }
        return ContainerResolution(source: source, candidate: url, problem: problem)
    }
}
