import Foundation

/// HTTP header fields: ordered as added, names compared without regard to case.
///
/// Several fields may share a name (each is kept, in order); the subscript reads the first and
/// replaces all. Values of credentials (`Authorization`, `Proxy-Authorization`, `Cookie`) never
/// appear in ``description``.
///
/// ```swift
/// var headers: HTTPHeaders = ["Depth": "1"]
/// headers["depth"]            // "1"
/// headers.add("Accept", "text/xml")
/// ```
public struct HTTPHeaders: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral,
    CustomStringConvertible, CustomDebugStringConvertible
{
    /// One header field: its name as given and its value.
    public struct Field: Sendable, Equatable {
        /// The name as given; compare it without regard to case.
        public let name: String
        /// The value, sent as is.
        public let value: String

        /// Creates a field.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The fields, in order.
    public private(set) var fields: [Field] = []

    /// Creates an empty set of headers.
    public init() {}

    /// Creates headers from fields, kept in this order.
    public init(_ fields: [(String, String)]) {
        self.fields = fields.map { Field(name: $0.0, value: $0.1) }
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements)
    }

    /// The first value of `name` (any case); setting replaces every field of that name, and nil
    /// removes them.
    public subscript(name: String) -> String? {
        get { fields.first { Self.same($0.name, name) }?.value }
        set {
            guard let newValue else { return remove(name) }
            guard let first = fields.firstIndex(where: { Self.same($0.name, name) }) else {
                return fields.append(Field(name: name, value: newValue))
            }
            fields = fields.indices.compactMap { index in
                if index == first { return Field(name: fields[index].name, value: newValue) }
                return Self.same(fields[index].name, name) ? nil : fields[index]
            }
        }
    }

    /// Every value of `name` (any case), in order.
    public func values(for name: String) -> [String] {
        fields.filter { Self.same($0.name, name) }.map(\.value)
    }

    /// Appends a field, keeping any of the same name.
    public mutating func add(_ name: String, _ value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Removes every field of `name` (any case).
    public mutating func remove(_ name: String) {
        fields.removeAll { Self.same($0.name, name) }
    }

    /// Whether a field of `name` (any case) is present.
    public func contains(_ name: String) -> Bool {
        fields.contains { Self.same($0.name, name) }
    }

    public func makeIterator() -> IndexingIterator<[Field]> {
        fields.makeIterator()
    }

    /// Two sets of headers are equal when they hold the same fields in the same order, names
    /// compared without regard to case.
    public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        lhs.fields.count == rhs.fields.count
            && zip(lhs.fields, rhs.fields).allSatisfy { same($0.name, $1.name) && $0.value == $1.value }
    }

    /// The fields as `Name: value` lines, with credential values replaced by `<redacted>`.
    public var description: String {
        fields.map { "\($0.name): \(Self.isSecret($0.name) ? "<redacted>" : $0.value)" }.joined(separator: "\n")
    }

    public var debugDescription: String { description }

    /// Whether a field's value is a credential that must never be printed.
    public static func isSecret(_ name: String) -> Bool {
        ["authorization", "proxy-authorization", "cookie", "set-cookie"].contains(name.lowercased())
    }

    static func same(_ a: String, _ b: String) -> Bool {
        a.caseInsensitiveCompare(b) == .orderedSame
    }
}
