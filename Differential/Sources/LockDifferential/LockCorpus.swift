public import DifferentialSupport

/// The names, holders and plants a lock sequence draws from: few enough that steps collide, odd
/// enough to matter (empty, dots, slashes, a NUL, a newline, NFC and NFD, case, names whose lock
/// file name is exactly 255 bytes or one byte too long).
public enum LockCorpus {
    /// Lock names: each lock file is `<hex of the name's UTF-8 bytes>.lock`.
    public static let names: [String] = [
        "docs", "Docs", "", ".", "..", "a/b", "../escape", "a\u{0}b", "line\nbreak", "caf\u{E9}", "cafe\u{301}",
        String(repeating: "n", count: 125), String(repeating: "n", count: 126),
    ]

    /// Holder texts, reported whole by `held(by:)`.
    public static let holders: [String] = [
        "laptop pid 1", "", "two\nlines", "tab\there", "\u{1F4BB} desk", String(repeating: "h", count: 600),
    ]

    /// What may be planted where a lock file lives.
    public static let plants: [Plant] = [
        .file("stray"), .file(""), .folder, .link("elsewhere"), .link("."),
    ]

    /// How many instances share the lock folder.
    public static let instances = 3
}
