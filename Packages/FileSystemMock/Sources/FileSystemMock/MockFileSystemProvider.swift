public import FileSystemInterface
public import Foundation
public import InMemorySupport

/// A ``FileSystemProviding`` for tests that answers with the folders it is given.
///
/// Without a world it answers exactly what it was configured with, as the guide's mock does.
/// With a ``MockWorld`` it behaves like the real provider: a configured folder that does not
/// exist there (or is a file, or a dangling link) reads as `nil`, so removing the folder from the
/// world models an unmounted drive; a folder reached through a symbolic link is found, as on disk. Every call is recorded in the world's journal.
///
/// ```swift
/// let fileSystem = MockFileSystemProvider(containerURL: URL(filePath: "/tmp/test"))
/// fileSystem.containerURL = nil     // the container goes away
/// ```
public final class MockFileSystemProvider: FileSystemProviding {
    /// The world checked for the folders' existence and holding the journal.
    public let world: MockWorld
    private let checksWorld: Bool
    private let containers: Guarded<[Purpose: URL]>
    private let fallback: Guarded<URL?>

    /// A provider that answers `containerURL` for every purpose.
    /// - Parameters:
    ///   - containerURL: the answer; nil for "not available".
    ///   - world: when given, the answer is nil unless the folder exists in it.
    public init(containerURL: URL?, world: MockWorld? = nil) {
        self.world = world ?? MockWorld()
        self.checksWorld = world != nil
        self.containers = Guarded([:])
        self.fallback = Guarded(containerURL)
    }

    /// A provider with one folder per purpose; other purposes get nil.
    /// - Parameters:
    ///   - containers: the folder of each purpose.
    ///   - world: when given, an answer is nil unless its folder exists in it.
    public init(containers: [Purpose: URL], world: MockWorld? = nil) {
        self.world = world ?? MockWorld()
        self.checksWorld = world != nil
        self.containers = Guarded(containers)
        self.fallback = Guarded(nil)
    }

    /// The answer for purposes without their own folder; set it to nil to take the container away.
    public var containerURL: URL? {
        get { fallback.withLock { $0 } }
        set { fallback.withLock { $0 = newValue } }
    }

    /// Sets (or, with nil, removes) the folder of one purpose.
    public func setContainer(_ url: URL?, for purpose: Purpose) {
        containers.withLock { $0[purpose] = url }
    }

    public func containerURL(for purpose: Purpose) -> URL? {
        let configured = containers.withLock { $0[purpose] } ?? containerURL
        let url = configured ?? URL(filePath: "/")
        let answer = try? world.perform(.containerURL, url: url, mutates: false) { tree -> URL? in
            guard let configured else { return nil }
            if checksWorld {
                // Looked up as the Live provider's stat does: `..` from the folder reached, links followed.
                let found = try? tree.lookUp(configured.path(percentEncoded: false), followingFinalLink: true)
                guard let found, tree.entry(at: found.key)?.isDirectory == true else { return nil }
            }
            return configured
        }
        return answer ?? nil
    }
}

extension MockOperation {
    /// ``MockFileSystemProvider/containerURL(for:)``.
    public static let containerURL = MockOperation(rawValue: "containerURL")
}
