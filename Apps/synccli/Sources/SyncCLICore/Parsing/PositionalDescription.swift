/// One positional argument of a command.
struct PositionalDescription: Sendable, Hashable {
    /// Its name in usage lines (`folder`).
    var name: String
    /// Whether it may be left out.
    var isOptional: Bool = false

    /// `<folder>` or `[<folder>]`.
    var usageText: String { isOptional ? "[<\(name)>]" : "<\(name)>" }
}
