/// What a container folder is used for.
///
/// A purpose is an open set of names: the kit defines ``sync``, and an app can add its own
/// (`Purpose(rawValue: "photos")`). Implementations use the raw value to look the purpose up in
/// their configuration, so keep it short, lowercase ASCII.
///
/// ```swift
/// extension Purpose { static let photos = Purpose(rawValue: "photos") }
/// ```
public struct Purpose: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The purpose's name, as configuration files and environment variables spell it.
    public let rawValue: String

    /// Creates a purpose from its name.
    /// - Parameter rawValue: the purpose's name, for example `"sync"`.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The folder that two-way sync keeps its pairs in.
    public static let sync = Purpose(rawValue: "sync")

    public var description: String { rawValue }
}
