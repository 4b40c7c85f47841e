/// The spellings a sequence draws from: the cases issue 18 found (`..` after a file, a missing
/// folder, a folder and a link; `.` and doubled slashes; trailing slashes; links among the
/// folders; names of 255 and 256 bytes; a NUL byte; NFC and NFD), few enough that steps collide.
public enum AccessorCorpus {
    /// Spellings for the accessor's calls, relative to the sequence's base folder.
    public static let spellings: [String] = [
        "a", "b", "f", "d", "l", "d/x", "d/y", "l/x", "l/y", "f/x", "d/../a", "f/../a", "missing/../a", "l/../a",
        "d/./x", "d//x", "d/", "f/", "l/", "a/", "d/..", "d/.", "dangling", "dangling/x", "loop/x",
        String(repeating: "n", count: 255), String(repeating: "n", count: 256),
        "d/" + String(repeating: "\u{E9}", count: 128),
        "a\u{0}b", "caf\u{E9}", "cafe\u{301}", ".", "",
    ]

    /// Plain top-level names for direct changes, where no spelling question arises.
    public static let names: [String] = ["a", "b", "d", "f", "l", "e"]

    /// Link targets, relative to the base folder.
    public static let targets: [String] = ["d", "f", "a", "nowhere", "l", "d/x"]

    /// What every sequence starts from: `d/` holding `x`, a file `f`, `l -> d`, `dangling ->
    /// nowhere`, `loop -> loop`.
    public static let start: [AccessorStep] = [
        .makeFolder("d"), .write("d/x", contents: "x"), .write("f", contents: "f"), .link("l", target: "d"),
        .link("dangling", target: "nowhere"), .link("loop", target: "loop"),
    ]
}
