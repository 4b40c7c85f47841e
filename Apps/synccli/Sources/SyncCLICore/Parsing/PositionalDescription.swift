/// One positional argument of a command.
struct PositionalDescription: Sendable, Hashable {
    /// Its name in usage lines (`folder`).
    var name: String
    /// Whether it may be left out.
    var isOptional: Bool = false
    /// Whether it may be given any number of times (only the last positional).
    var repeats: Bool = false

    /// `<folder>`, `[<folder>]` or `[<folder>...]`.
    var usageText: String {
        let text = "<\(name)>" + (repeats ? "..." : "")
        return isOptional ? "[\(text)]" : text
    }
}
