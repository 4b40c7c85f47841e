import BookmarkInterface
import BookmarkLive
import FileAccessorInterface
import FileAccessorLive
import FileSystemInterface
import FileSystemLive
import FileTreeInterface
import FileTreeLive
import Foundation
import LockLive
import NetworkLive
import SyncEngine
import SyncEngineLive
import WebDAVSide

/// Builds the Live implementations and hands them to the engine and the commands: the
/// composition root, and the only code that imports Live packages.
struct Wiring: ContainerResolving {
    /// The process's variables, with `--container` put where the file system provider reads it.
    let environment: [String: String]
    /// The process's variables as they came.
    let processEnvironment: [String: String]
    /// The `--container` folder (links in the typed path resolved) or server URL (normalized);
    /// nil without the flag.
    let explicit: URL?
    let fileSystem: DefaultFileSystemProvider
    /// The credentials of the container servers this run uses (see ``prepare(_:)``).
    let credentials: ServerCredentials
    /// Reads files the user names (a plan): regular files only, never through a final link,
    /// never blocking on a FIFO, at most 256 MiB.
    let files: any FileAccessorProviding = DefaultFileAccessor()
    /// Whether the command only looks (``CLICommand/isReadOnly``): then the built-in default
    /// container is never created, only reported missing.
    var readOnly = false

    /// - Parameters:
    ///   - environment: the process's variables.
    ///   - container: an explicit `--container` folder or server URL, which wins over configuration.
    /// - Throws: ``CLIFailure`` (exit 2) when `container` is a URL that cannot be a container
    ///   (see ``ContainerArgument``).
    init(environment: [String: String], container: String?) throws(CLIFailure) {
        var variables = environment
        processEnvironment = environment
        var explicit: URL?
        let probe = DefaultFileSystemProvider(applicationName: "synccli", environment: environment)
        credentials = ServerCredentials(environment: environment)
        if let container,
            let server = try ContainerArgument.serverURL(
                container, label: "--container", credentials: credentials.sources)
        {
            variables[probe.environmentVariable(for: .sync)] = server.absoluteString
            explicit = server
        } else if let container {
            // A link in the path the user typed is theirs to follow; below it, nothing is followed.
            let absolute = URL(filePath: container, relativeTo: URL.currentDirectory()).standardizedFileURL
                .resolvingSymlinksInPath()
            variables[probe.environmentVariable(for: .sync)] = absolute.displayPath
            explicit = absolute
        }
        self.explicit = explicit
        self.environment = variables
        fileSystem = DefaultFileSystemProvider(applicationName: "synccli", environment: variables)
    }

    /// The services every command gets: the Live engine, this container resolution, the disk's
    /// folders and files, `streams` and the system clock.
    func services(streams: any TextStreams) -> CommandServices {
        CommandServices(
            engine: manager(), containers: self, folders: LocalFolders(), files: files, streams: streams,
            clock: SystemTime(), watch: watchServices,
            makeEngine: { [self] in manager() }, service: serviceSetup)
    }

    /// The engine on the Live packages. Each root is opened by the side of its URL's scheme:
    /// local folders by `LocalFolderSides` (one set of open roots, so each root is opened once, a
    /// link there refused, and used by descriptor for the rest of the manager's life: a root
    /// swapped meanwhile never receives its writes), `http` and `https` containers by
    /// `WebDAVSides` over URLSession, with retries, and with the credentials of each server a
    /// command prepared (``prepare(_:)``). A new container kind is one more entry here. Each
    /// pair's folder bookmark is kept in the state folder's `bookmarks` folder.
    func manager() -> SyncManager {
        let transport = AuthenticatingTransport(
            base: RetryingTransport(SharedSessionTransport()), credentials: credentials)
        let webDAV = WebDAVSides(transport: transport)
        let sides = SchemeSides(["file": LocalFolderSides(), "http": webDAV, "https": webDAV])
        let machine = SyncEnvironment.live(environment: environment)
        let bookmarks = PairBookmarks(
            storage: DefaultBookmarkStorage(
                folder: machine.state.url.appending(path: "bookmarks", directoryHint: .isDirectory)),
            resolver: DefaultBookmarkResolver())
        return SyncManager(
            fileSystem: fileSystem, fileAccessor: DefaultFileAccessor(), sides: sides, locking: FileLock(),
            environment: machine, bookmarks: bookmarks)
    }

    /// Gets ready to reach `container`: loads its server's credentials (nothing for a folder).
    /// Every command calls this for each container it settles on, before the engine uses it.
    /// - Throws: ``CLIFailure`` (exit 4) when a credentials source exists but is refused.
    func prepare(_ container: URL) throws(CLIFailure) {
        try credentials.prepare(for: container)
    }

    /// Where the user puts a server's credentials, for messages.
    var credentialSources: ContainerArgument.CredentialSources { credentials.sources }

    /// The container folder, or the reason it is not available (for the one error line).
    func containerInForce() -> Result<URL, CLIFailure> {
        let resolution = resolution()
        if let url = resolution.url { return .success(url) }
        return .failure(
            CLIFailure(
                .containerUnavailable, "the container is not available: \(resolution.problem ?? "not configured")"))
    }

    /// The container in force, where it comes from, and why it is not available (`container show`).
    func describeContainer() -> ContainerInForce {
        let resolution = resolution()
        let source =
            switch resolution.source {
            case .environment(let variable): "the environment variable \(variable)"
            case .configuration(let file): "the configuration file \(file.displayPath)"
            case .builtInDefault: "the built-in default"
            case .none: "nothing"
            }
        return ContainerInForce(
            folder: resolution.candidate?.displayPath, source: source, problem: resolution.problem,
            isAvailable: resolution.url != nil)
    }

    /// The container in force; for a read-only command, a built-in default that does not exist
    /// yet is reported as missing instead of being created.
    private func resolution() -> (source: ContainerResolution.Source, candidate: URL?, problem: String?, url: URL?) {
        let fallback = fileSystem.defaultSyncContainer
        guard readOnly, environment[fileSystem.environmentVariable(for: .sync)]?.isEmpty ?? true,
            (try? fileSystem.readConfiguration()?.containers[Purpose.sync.rawValue]) == nil,
            !FileManager.default.fileExists(atPath: fallback.path(percentEncoded: false))
        else {
            let resolved = fileSystem.resolveContainer(for: .sync)
            return (resolved.source, resolved.candidate, resolved.problem, resolved.url)
        }
        return (
            .builtInDefault, fallback, "\(fallback.displayPath) does not exist yet (the first sync creates it)", nil
        )
    }

    /// Writes `url` (a folder or a server URL) as the configured container (`container set`).
    /// - Throws: ``CLIFailure`` (exit 1) when the configuration file cannot be written.
    func configure(_ url: URL) throws(CLIFailure) {
        do {
            try fileSystem.setContainer(url, for: .sync)
        } catch {
            throw CLIFailure(.partial, "cannot write \(fileSystem.configurationFile.displayPath): \(error)")
        }
    }
}
