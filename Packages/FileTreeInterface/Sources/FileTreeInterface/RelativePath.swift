/// A path inside a sync root, compared and hashed by the bytes of its components.
///
/// Swift `String ==` treats NFC and NFD spellings as equal; a Linux file system holds two distinct
/// files. `RelativePath` keeps them apart. It can only be built from safe components: never empty,
/// `.`, `..`, containing `/` or NUL; so an operation on a `RelativePath` cannot leave its root.
///
/// ```swift
/// let path = try RelativePath("photos/2024/beach.jpg")
/// path.name        // "beach.jpg"
/// path.parent      // photos/2024
/// ```
public struct RelativePath: Hashable, Sendable, Comparable, Codable, CustomStringConvertible {
    /// The components, outermost first; empty for the root itself.
    public let components: [String]

    /// The root of the tree.
    public static let root = RelativePath(checked: [])

    /// Builds a path from `/`-separated text.
    /// - Parameter text: for example `"a/b.txt"`; no leading `/`, no `.` or `..` components.
    /// - Throws: ``UnsafeNameError`` naming the offending component.
    public init(_ text: String) throws {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        if text.isEmpty { throw UnsafeNameError(name: text, reason: "the path is empty") }
        try self.init(components: parts)
    }

    /// Builds a path from components, checking each one.
    /// - Throws: ``UnsafeNameError`` for an empty, `.`, `..`, `/`- or NUL-containing component.
    public init(components: [String]) throws {
        for component in components { try Self.check(component) }
        self.components = components
    }

    private init(checked components: [String]) {
        self.components = components
    }

    /// Checks one file name.
    /// - Throws: ``UnsafeNameError`` when the name could address something other than one entry
    ///   of its folder.
    public static func check(_ name: String) throws {
        if name.isEmpty { throw UnsafeNameError(name: name, reason: "an empty name") }
        if name == "." || name == ".." { throw UnsafeNameError(name: name, reason: "a relative folder reference") }
        if name.utf8.contains(UInt8(ascii: "/")) { throw UnsafeNameError(name: name, reason: "a name containing /") }
        if name.utf8.contains(0) { throw UnsafeNameError(name: name, reason: "a name containing NUL") }
    }

    /// This path with one more component.
    /// - Throws: ``UnsafeNameError`` for an unsafe name.
    public func appending(_ name: String) throws -> RelativePath {
        try Self.check(name)
        return RelativePath(checked: components + [name])
    }

    /// The folder holding this path; the root's parent is the root.
    public var parent: RelativePath { RelativePath(checked: Array(components.dropLast())) }

    /// The last component; empty for the root.
    public var name: String { components.last ?? "" }

    /// Whether this is the root.
    public var isRoot: Bool { components.isEmpty }

    /// Whether `self` is `other` or lies inside it.
    public func isWithin(_ other: RelativePath) -> Bool {
        components.count >= other.components.count
            && zip(components, other.components).allSatisfy { Array($0.utf8) == Array($1.utf8) }
    }

    /// The path as `/`-separated text (`""` for the root).
    public var text: String { components.joined(separator: "/") }

    public var description: String { text }

    public static func == (lhs: RelativePath, rhs: RelativePath) -> Bool {
        lhs.components.count == rhs.components.count
            && zip(lhs.components, rhs.components).allSatisfy { $0.utf8.elementsEqual($1.utf8) }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(components.count)
        for component in components {
            component.utf8.withContiguousStorageIfAvailable { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
                ?? hasher.combine(Array(component.utf8))
            hasher.combine(0xFF as UInt8)
        }
    }

    /// Orders by bytes, component by component (a folder sorts right before its contents).
    public static func < (lhs: RelativePath, rhs: RelativePath) -> Bool {
        for (a, b) in zip(lhs.components, rhs.components) where !a.utf8.elementsEqual(b.utf8) {
            return a.utf8.lexicographicallyPrecedes(b.utf8)
        }
        return lhs.components.count < rhs.components.count
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        if text.isEmpty {
            self = .root
        } else {
            try self.init(text)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }
}

/// A file name that could address something outside its folder.
public struct UnsafeNameError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The refused name.
    public let name: String
    /// Why it is refused.
    public let reason: String

    /// Creates the error.
    public init(name: String, reason: String) {
        self.name = name
        self.reason = reason
    }

    public var description: String { "refused name \(name.debugDescription): \(reason)" }
}
