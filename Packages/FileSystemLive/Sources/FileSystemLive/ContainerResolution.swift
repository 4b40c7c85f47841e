public import Foundation

/// How ``DefaultFileSystemProvider`` found (or failed to find) a container, so a tool can tell
/// its user exactly what to fix.
public struct ContainerResolution: Sendable, Equatable {
    /// Where the container's path or URL came from.
    public enum Source: Sendable, Equatable {
        /// An environment variable, named here.
        case environment(String)
        /// The configuration file.
        case configuration(URL)
        /// The built-in default folder, created on first use.
        case builtInDefault
        /// Nothing names a folder for this purpose.
        case none
    }

    /// Where the path came from.
    public let source: Source
    /// The folder (or server URL) the source names, usable or not; nil when nothing names one or
    /// what it names cannot be read as a container.
    public let candidate: URL?
    /// Why the folder cannot be used; nil when it can.
    public let problem: String?

    /// The usable folder or server URL, or nil.
    public var url: URL? { problem == nil ? candidate : nil }
}
