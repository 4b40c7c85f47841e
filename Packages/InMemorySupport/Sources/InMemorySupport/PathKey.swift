public import Foundation

/// An absolute path, compared by the bytes of its components.
///
/// Swift `String ==` treats NFC and NFD spellings as equal, but a file system holds two distinct
/// files; keying by bytes keeps them apart. `.` components are dropped and `..` removes the
/// previous component, lexically, as the kernel does for a tree without symbolic links.
public struct PathKey: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The components, each as its UTF-8 bytes.
    public let components: [[UInt8]]

    /// The root folder, `/`.
    public static let root = PathKey(components: [])

    init(components: [[UInt8]]) {
        self.components = components
    }

    /// The key of a file URL's path.
    /// - Parameter url: a file URL (relative URLs are taken as absolute).
    public init(_ url: URL) {
        self.init(path: url.path(percentEncoded: false))
    }

    /// The key of an absolute path string.
    /// - Parameter path: a path such as `/a/b`.
    public init(path: String) {
        var parts: [[UInt8]] = []
        for part in path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true) {
            if part.elementsEqual(".".utf8) { continue }
            if part.elementsEqual("..".utf8) {
                if !parts.isEmpty { parts.removeLast() }
                continue
            }
            parts.append(Array(part))
        }
        components = parts
    }

    /// The folder holding this path; the root's parent is the root.
    public var parent: PathKey { PathKey(components: Array(components.dropLast())) }

    /// The last component's bytes; empty for the root.
    public var nameBytes: [UInt8] { components.last ?? [] }

    /// The last component as text (invalid UTF-8 repaired).
    public var name: String { String(decoding: nameBytes, as: UTF8.self) }

    /// This path with `name` appended.
    public func appending(_ name: [UInt8]) -> PathKey { PathKey(components: components + [name]) }

    /// Whether `self` is `other` or lies inside it.
    public func isWithin(_ other: PathKey) -> Bool {
        components.count >= other.components.count
            && Array(components.prefix(other.components.count)) == other.components
    }

    /// The path as text.
    public var path: String {
        components.isEmpty ? "/" : components.map { "/" + String(decoding: $0, as: UTF8.self) }.joined()
    }

    /// A file URL for the path.
    public var url: URL { URL(filePath: path) }

    public var description: String { path }

    public static func < (lhs: PathKey, rhs: PathKey) -> Bool {
        lhs.components.lexicographicallyPrecedes(rhs.components) { $0.lexicographicallyPrecedes($1) }
    }
}
