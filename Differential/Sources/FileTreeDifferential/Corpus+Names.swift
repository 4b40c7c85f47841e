/// Names: Unicode normalization, case, control characters, invalid UTF-8, the 255-byte limit,
/// reserved and unsafe names, leading and trailing spaces and dots.
extension BoundaryCorpus {
    /// Names every operation must treat as ordinary: one entry each, kept distinct by bytes.
    static let ordinaryNames: [(label: String, name: String)] = [
        ("an NFC name", "caf\u{E9}"),
        ("an NFD name", "cafe\u{301}"),
        ("a tab inside", "a\tb"),
        ("a newline inside", "a\nb"),
        ("a control character (U+0001)", "a\u{1}b"),
        ("exactly 255 ASCII bytes", String(repeating: "a", count: 255)),
        ("255 bytes ending in a whole 2-byte character", String(repeating: "a", count: 253) + "\u{E9}"),
        ("255 bytes of 4-byte characters and ASCII", String(repeating: "\u{1F600}", count: 63) + "abc"),
        ("the root marker's name", ".synccli-root"),
        ("the trash's name", ".synccli-trash"),
        ("a temporary file's exact shape", ".synccli-tmp-0123456789abcdef"),
        ("a temporary prefix with a short suffix", ".synccli-tmp-x"),
        ("a leading space", " lead"),
        ("a trailing space", "trail "),
        ("a trailing dot", "trail."),
        ("three dots", "..."),
        ("a leading dot", ".hidden"),
        ("a leading dash", "-rf"),
        ("a backslash", "a\\b"),
        ("a byte-order mark", "\u{FEFF}bom"),
        ("a carriage return", "a\rb"),
        ("the replacement character", "\u{FFFD}"),
        ("a noncharacter (U+FFFE)", "\u{FFFE}x"),
        ("DEL (0x7F)", "a\u{7F}b"),
    ]

    /// Names one byte (or one character) over the 255-byte limit of a name.
    static let longNames: [(label: String, name: String)] = [
        ("256 ASCII bytes", String(repeating: "a", count: 256)),
        ("256 bytes: a 2-byte character across the boundary", String(repeating: "a", count: 254) + "\u{E9}"),
        ("256 bytes of 2-byte characters", String(repeating: "\u{E9}", count: 128)),
        ("257 bytes: a 4-byte character across the boundary", String(repeating: "a", count: 253) + "\u{1F600}"),
    ]

    /// Texts a `RelativePath` must refuse before any side is asked.
    static let unsafeNames: [(label: String, name: String)] = [
        ("an empty name", ""), ("a single dot", "."), ("two dots", ".."), ("a slash inside", "a/b/"),
        ("a NUL inside", "a\u{0}b"), ("an absolute path", "/etc/passwd"), ("a .. component", "a/../b"),
        ("an empty component", "a//b"), ("a trailing slash", "a/"),
    ]

    static var nameCases: [BoundaryCase] {
        ordinaryNames.flatMap(ordinaryNameCases) + longNames.flatMap(longNameCases) + unsafeNames.map(unsafeNameCase)
            + pairCases + invalidUTF8Cases + longPathCases
    }

    private static func ordinaryNameCases(_ label: String, _ name: String) -> [BoundaryCase] {
        [
            BoundaryCase(
                .names, "a file named with \(label) is scanned, looked up and digested",
                setup: [.file("root/" + name)],
                operations: [.scan(), .entry(name), .digest(name), .removeItem(name), .scan()]),
            BoundaryCase(
                .names, "a folder named with \(label) is made, filled, listed and removed when empty",
                setup: [],
                operations: [
                    .makeDirectory(name), .makeDirectory(name), .makeDirectory(name + "/in"), .scan(),
                    .removeEmptyFolder(name), .removeEmptyFolder(name + "/in"), .removeEmptyFolder(name), .scan(),
                ]),
            BoundaryCase(
                .names, "a file moves to and from a name with \(label)",
                setup: [.file("root/x"), .file("root/taken")],
                operations: [
                    .move("x", to: name), .move("taken", to: name), .scan(), .move(name, to: "y"), .entry(name),
                    .scan(),
                ]),
            BoundaryCase(
                .names, "a file named with \(label) is copied to the other root and its bits set",
                setup: [.file("root/" + name, permissions: 0o640)],
                operations: [
                    .copy(name, to: name), .copy(name, to: name), .scan(.other), .setPermissions(0o600, name),
                    .entry(name),
                ]),
        ]
    }

    private static func longNameCases(_ label: String, _ name: String) -> [BoundaryCase] {
        [
            BoundaryCase(
                .names, "a name of \(label) cannot be a folder, and nothing is made",
                setup: [],
                operations: [.makeDirectory(name), .entry(name), .removeItem(name), .removeEmptyFolder(name), .scan()]),
            BoundaryCase(
                .names, "a file cannot move to a name of \(label), and stays",
                setup: [.file("root/x")],
                operations: [.move("x", to: name), .scan()]),
            BoundaryCase(
                .names, "a copy to a name of \(label) fails and leaves no temporary file",
                setup: [.file("root/x")],
                operations: [.copy("x", to: name), .scan(.other)]),
            BoundaryCase(
                .names, "a folder on the way named with \(label) is an error for every call",
                setup: [],
                operations: [
                    .entry(name + "/x"), .makeDirectory(name + "/x"), .setPermissions(0o600, name), .digest(name),
                    .move(name, to: "y"),
                ]),
        ]
    }

    /// Paths longer than `PATH_MAX` (4,096 bytes), made of names that each fit: the Live walks
    /// one component at a time, so only a name's own length is limited.
    static var longPathCases: [BoundaryCase] {
        let name = String(repeating: "p", count: 250)
        let depth = 20  // about 5,000 bytes
        let paths = (1...depth).map { level in Array(repeating: name, count: level).joined(separator: "/") }
        let deepest = paths[depth - 1]
        return [
            BoundaryCase(
                .names, "a path of 20 names of 250 bytes (over PATH_MAX) is made, listed, copied and removed",
                setup: [.file("root/f")],
                operations: paths.map(Operation.makeDirectory) + [
                    .move("f", to: deepest + "/f"), .entry(deepest + "/f"), .digest(deepest + "/f"), .scan(),
                    .copy(deepest + "/f", to: "f"), .setPermissions(0o600, deepest + "/f"), .removeItem(deepest + "/f"),
                    .removeEmptyFolder(deepest), .removeEmptyFolder(paths[0]), .entry(deepest),
                ])
        ]
    }

    private static func unsafeNameCase(_ label: String, _ name: String) -> BoundaryCase {
        BoundaryCase(
            .names, "\(label) is refused as a path before any call",
            setup: [.file("root/x"), .folder("root/a"), .file("root/a/b")],
            operations: [.entry(name), .makeDirectory(name), .move("x", to: name), .copy("x", to: name), .scan()])
    }

    private static var pairCases: [BoundaryCase] {
        let pairs: [(String, String, String)] = [
            ("NFC and NFD spellings of one name", "caf\u{E9}", "cafe\u{301}"),
            ("names differing only by case", "Readme", "README"),
            ("a name and the same with a trailing space", "name", "name "),
            ("a name and the same with a trailing dot", "name", "name."),
            ("precomposed and decomposed Hangul", "\u{D55C}", "\u{1112}\u{1161}\u{11AB}"),
        ]
        return pairs.flatMap { label, first, second in
            [
                BoundaryCase(
                    .names, "\(label) side by side are two entries, each removed alone",
                    setup: [.file("root/" + first, contents: "one"), .file("root/" + second, contents: "second")],
                    operations: [.scan(), .entry(first), .entry(second), .removeItem(first), .scan(), .digest(second)]),
                BoundaryCase(
                    .names, "\(label): a move onto the other spelling is refused",
                    setup: [.file("root/" + first, contents: "one"), .file("root/" + second, contents: "second")],
                    operations: [.move(first, to: second), .move(second, to: first), .scan()]),
                BoundaryCase(
                    .names, "\(label): a copy to the other spelling lands beside it",
                    setup: [.file("root/" + first), .file("other/" + second)],
                    operations: [.copy(first, to: first), .copy(first, to: second), .scan(.other)]),
                BoundaryCase(
                    .names, "\(label) as folders are two folders",
                    setup: [.folder("root/" + first)],
                    operations: [
                        .makeDirectory(second), .makeDirectory(second + "/in"), .scan(), .removeEmptyFolder(first),
                    ]),
            ]
        }
    }

    private static var invalidUTF8Cases: [BoundaryCase] {
        let names: [(String, [UInt8])] = [
            ("a lone 0xFF byte", [0xFF]), ("a name with 0xFF inside", [0x62, 0xFF, 0x63]),
            ("a truncated 2-byte sequence", [0x61, 0xC3]), ("an overlong encoding of /", [0xC0, 0xAF]),
            ("an encoded surrogate", [0xED, 0xA0, 0x80]), ("Latin-1 caf\\xE9", [0x63, 0x61, 0x66, 0xE9]),
        ]
        return names.flatMap { label, raw in
            [
                BoundaryCase(
                    .names, "a file named \(label) is one problem of its folder, the rest is listed",
                    setup: [
                        .folder("root/d"), .file("root/d/ok"), .rawFile(folder: "root/d", name: raw), .file("root/z"),
                    ],
                    operations: [.scan(), .entry("d/ok"), .removeEmptyFolder("d")]),
                BoundaryCase(
                    .names, "a folder holding only a file named \(label) is not empty",
                    setup: [.folder("root/d"), .rawFile(folder: "root/d", name: raw)],
                    operations: [.removeEmptyFolder("d"), .removeItem("d"), .move("d", to: "e"), .scan()]),
                BoundaryCase(
                    .names, "a folder named \(label) at the root is one problem and is not entered",
                    setup: [.rawFolder(folder: "root", name: raw), .file("root/a")],
                    operations: [.scan(), .entry("a"), .digest("a")]),
            ]
        }
    }
}
