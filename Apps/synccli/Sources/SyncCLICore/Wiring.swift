import BookmarkInterface
import BookmarkLive
import FileAccessorInterface
import FileAccessorLive
import FileSystemInterface
import FileSystemLive
import FileTreeLive
import Foundation
import LockLive
import SyncEngine
import SyncEngineLive

/// Builds the Live implementations and hands them to the engine: the composition root.
struct Wiring {
    let environment: [String: String]
    /// The `--container` folder, links in it resolved; nil without the flag.
    let explicitContainer: URL?
    let fileSystem: DefaultFileSystemProvider
    let bookmarks: any BookmarkStorageProviding = DefaultBookmarkStorage()
    let resolver: any BookmarkResolving = DefaultBookmarkResolver()
    /// Reads files the user names (a plan): regular files only, never through a final link,
    /// never blocking on a FIFO, at most 256 MiB.
    let files: any FileAccessorProviding = DefaultFileAccessor()

    /// - Parameters:
    ///   - environment: the process's variables.
    ///   - container: an explicit `--container` folder, which wins over configuration.
    init(environment: [String: String], container: String?) {
        var variables = environment
        var explicit: URL?
        let probe = DefaultFileSystemProvider(applicationName: "synccli", environment: environment)
        if let container {
            // A link in the path the user typed is theirs to follow; below it, nothing is followed.
            let absolute = URL(filePath: container, relativeTo: URL.currentDirectory()).standardizedFileURL
                .resolvingSymlinksInPath()
            variables[probe.environmentVariable(for: .sync)] = absolute.displayPath
            explicit = absolute
        }
        explicitContainer = explicit
        self.environment = variables
        fileSystem = DefaultFileSystemProvider(applicationName: "synccli", environment: variables)
    }

    /// The engine on the Live packages. Both sides are local folders (`LocalFolderSides`: one set
    /// of open roots, so each root is opened once, a link there refused, and used by descriptor
    /// for the rest of the manager's life: a root swapped meanwhile never receives its writes).
    /// A new container kind is wired here: its package's `SideOpening` in place of this one.
    func manager() -> SyncManager {
        SyncManager(
            fileSystem: fileSystem, fileAccessor: DefaultFileAccessor(), sides: LocalFolderSides(),
            locking: FileLock(), environment: .live(environment: environment))
    }

    /// The container folder, or the reason it is not available (for the one error line).
    func container() -> Result<URL, CLIFailure> {
        let resolution = fileSystem.resolveContainer(for: .sync)
        if let url = resolution.url { return .success(url) }
        return .failure(CLIFailure(.containerUnavailable, "the container is not available: \(resolution.problem ?? "not configured")"))
    }

    /// The container in force, where it comes from, and why it is not available (`container show`).
    struct ContainerInForce: Encodable {
        var folder: String?
        var source: String
        var problem: String?
        var isAvailable: Bool
    }

    func containerInForce() -> ContainerInForce {
        let resolution = fileSystem.resolveContainer(for: .sync)
        let source = switch resolution.source {
        case .environment(let variable): "the environment variable \(variable)"
        case .configuration(let file): "the configuration file \(file.displayPath)"
        case .builtInDefault: "the built-in default"
        case .none: "nothing"
        }
        return ContainerInForce(
            folder: resolution.candidate?.displayPath, source: source, problem: resolution.problem,
            isAvailable: resolution.url != nil)
    }

    /// Writes `url` as the configured container (`container set`).
    /// - Throws: ``CLIFailure`` (exit 1) when the configuration file cannot be written.
    func configureContainer(_ url: URL) throws {
        do {
            try fileSystem.setContainer(url, for: .sync)
        } catch {
            throw CLIFailure(.partial, "cannot write \(fileSystem.configurationFile.displayPath): \(error)")
        }
    }

    /// The key under which a pair's folder bookmark is kept.
    static func bookmarkKey(_ pair: String) -> String { "pair." + pair }
}
