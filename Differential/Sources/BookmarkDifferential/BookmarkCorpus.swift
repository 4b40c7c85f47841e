public import DifferentialSupport

/// What a bookmark sequence draws from: keys at and past the length limit, with a NUL, slashes,
/// dots, NFC and NFD; values empty and not; folder names that collide by normalization.
public enum BookmarkCorpus {
    /// Store keys.
    public static let keys: [String] = [
        "pair.docs", "pair.Docs", "", ".", "..", "a/b", "../../escape", "a\u{0}b", "caf\u{E9}", "cafe\u{301}",
        String(repeating: "k", count: 120), String(repeating: "k", count: 121), String(repeating: "\u{E9}", count: 61),
    ]

    /// Stored values.
    public static let values: [String] = ["one", "", "{\"json\": true}", String(repeating: "v", count: 3_000)]

    /// Folder names in the tree bookmarks point at (all at its top, so renames stay beside).
    public static let names: [String] = ["a", "b", "c", "a b", "caf\u{E9}", "cafe\u{301}", "file"]

    /// Link targets, relative to the tree.
    public static let targets: [String] = ["a", "b", "nowhere", "file"]

    /// What may replace an entry or the store.
    public static let plants: [Plant] = [.file("garbage"), .file(""), .folder, .link("elsewhere")]

    /// What every sequence starts from: folders `a` and `b`, a file `file`, a saved `pair.docs`.
    public static let start: [BookmarkStep] = [
        .makeFolder("a"), .makeFolder("b"), .save(key: "pair.docs", value: "one"),
    ]
}
