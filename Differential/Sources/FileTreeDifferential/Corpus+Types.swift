/// Types: symbolic links of every shape, pipes, sockets, devices, roots that are not folders, and
/// entries swapped for another kind between two calls.
extension BoundaryCorpus {
    static var typeCases: [BoundaryCase] {
        linkCases + rootCases + specialCases + swapCases
    }

    /// Links with each kind of target; every call treats the link itself as the entry.
    private static let links: [(label: String, target: String)] = [
        ("a relative link to a file", "file"),
        ("a relative link to a folder", "folder"),
        ("a dangling link", "missing"),
        ("an absolute link to a file outside the root", "$BASE/outside/secret"),
        ("an absolute link to a folder outside the root", "$BASE/outside"),
        ("a relative link pointing out of the root", "../outside/secret"),
        ("a link to itself", "link"),
        ("a link to the root", "."),
        ("a link with an empty-looking target of one space", " "),
    ]

    private static let linkSetup: [Step] = [
        .file("root/file"), .folder("root/folder"), .file("root/folder/inner"),
        .file("outside/secret", contents: "secret"),
    ]

    private static var linkCases: [BoundaryCase] {
        links.flatMap { label, target in
            [
                BoundaryCase(
                    .types, "\(label) is listed as a link with its target and never followed",
                    setup: linkSetup + [.link("root/link", target: target)],
                    operations: [.scan(), .entry("link"), .entry("link/inner"), .entry("link/secret"), .digest("link")]),
                BoundaryCase(
                    .types, "\(label): nothing is made, moved or set through it",
                    setup: linkSetup + [.link("root/link", target: target)],
                    operations: [
                        .makeDirectory("link/new"), .move("file", to: "link/file"), .setPermissions(0o600, "link"),
                        .setPermissions(0o600, "link/secret"), .removeEmptyFolder("link"), .scan(.init("outside")),
                    ]),
                BoundaryCase(
                    .types, "\(label) is not copied, nor copied into",
                    setup: linkSetup + [.link("root/link", target: target)],
                    operations: [.copy("link", to: "link"), .copy("file", to: "link/file", into: .main), .scan(.other)]),
                BoundaryCase(
                    .types, "\(label) is moved and removed as itself, its target untouched",
                    setup: linkSetup + [.link("root/link", target: target)],
                    operations: [.move("link", to: "moved"), .entry("moved"), .removeItem("moved"), .scan()]),
            ]
        }
    }

    private static var rootCases: [BoundaryCase] {
        let roots: [(String, [Step], Root)] = [
            ("a root that is a link to a folder", [.link("rootlink", target: "root")], Root("rootlink")),
            ("a root that is an absolute link", [.link("rootlink", target: "$BASE/outside")], Root("rootlink")),
            ("a root that is a dangling link", [.link("rootlink", target: "nowhere")], Root("rootlink")),
            (
                "a root whose last component is a link inside a root", [.link("root/sub", target: "../outside")],
                Root("root/sub")
            ),
            ("a root that is a file", [.file("rootfile")], Root("rootfile")),
            ("a root that is missing", [], Root("missing")),
            ("a root that is a subfolder", [.folder("root/sub"), .file("root/sub/x")], Root("root/sub")),
            ("a root reached through a link above it", [.link("via", target: ".")], Root("via/root")),
            ("a root reached through an absolute link above it", [.link("via", target: "$BASE")], Root("via/outside")),
            ("a root below a dangling link", [.link("via", target: "nowhere")], Root("via/root")),
            ("a root below a file", [.file("plain")], Root("plain/root")),
            ("a root named with a trailing dot component", [], Root("root/.")),
            ("a root named through ..", [], Root("outside/../root")),
        ]
        return roots.map { label, setup, root in
            BoundaryCase(
                .types, "\(label): scan, entry and copies in it agree",
                setup: [.file("root/x"), .file("outside/x")] + setup,
                operations: [
                    .scan(root), .entry("x", root), .entry("x", root), .copy("x", to: "x", into: root), .scan(.main),
                ])
        }
    }

    private static var specialCases: [BoundaryCase] {
        let kinds: [(String, (String) -> Step)] = [
            ("a named pipe", { .fifo($0) }), ("a socket", { .socket($0) }),
            ("a character device", { .characterDevice($0) }),
        ]
        return kinds.flatMap { label, make in
            [
                BoundaryCase(
                    .types, "\(label) is a scan problem of its own path, and entry(at:) refuses it",
                    setup: [.file("root/a"), make("root/special")],
                    operations: [.scan(), .entry("special"), .digest("special")]),
                BoundaryCase(
                    .types, "\(label) is never copied and never has its bits set",
                    setup: [make("root/special")],
                    operations: [.copy("special", to: "special"), .setPermissions(0o600, "special"), .scan(.other)]),
                BoundaryCase(
                    .types, "\(label) can be moved and removed like a file",
                    setup: [make("root/special")],
                    operations: [
                        .move("special", to: "moved"), .removeEmptyFolder("moved"), .removeItem("moved"), .scan(),
                    ]),
                BoundaryCase(
                    .types, "\(label) on the way to a path is not a folder",
                    setup: [make("root/special")],
                    operations: [
                        .entry("special/x"), .makeDirectory("special/x"), .copy("special", to: "x", into: .main),
                    ]),
            ]
        }
    }

    private static var swapCases: [BoundaryCase] {
        [
            BoundaryCase(
                .types, "a folder swapped for a link to outside between two calls is never entered",
                setup: [.folder("root/d"), .file("root/d/x"), .file("outside/x", contents: "outside")],
                operations: [
                    .scan(), .change(.rename("root/d", to: "root/d.old")),
                    .change(.link("root/d", target: "$BASE/outside")),
                    .entry("d/x"), .makeDirectory("d/new"), .removeItem("d/x"), .digest("d/x"), .scan(),
                    .scan(.init("outside")),
                ]),
            BoundaryCase(
                .types, "a folder swapped for a file between two calls is notAFolder below it",
                setup: [.folder("root/d"), .file("root/d/x")],
                operations: [
                    .entry("d/x"), .change(.remove("root/d")), .change(.file("root/d")), .entry("d/x"),
                    .removeEmptyFolder("d"), .move("d/x", to: "y"), .scan(),
                ]),
            BoundaryCase(
                .types, "a destination folder swapped for a link between stage and commit gets nothing",
                setup: [.file("root/x"), .folder("other/d")],
                operations: [
                    .copy("x", to: "d/x", commit: false), .change(.rename("other/d", to: "other/d.old")),
                    .change(.link("other/d", target: "$BASE/outside")), .commitStaged(), .scan(.other),
                    .scan(.init("outside")),
                ]),
            BoundaryCase(
                .types, "a destination name taken between stage and commit is alreadyExists",
                setup: [.file("root/x")],
                operations: [
                    .copy("x", to: "x", commit: false), .change(.link("other/x", target: "anything")), .commitStaged(),
                    .scan(.other),
                ]),
            BoundaryCase(
                .types, "a file swapped for a folder between entry and copy is sourceChanged",
                setup: [.file("root/x")],
                operations: [
                    .entry("x"), .change(.remove("root/x")), .change(.folder("root/x")), .copy("x", to: "x"),
                    .scan(.other),
                ]),
            BoundaryCase(
                .types,
                "a root swapped for a link after the first call: every later call still works in the folder first opened",
                setup: [.file("root/x"), .file("outside/secret")],
                operations: [
                    .scan(), .change(.rename("root", to: "root.old")), .change(.link("root", target: "$BASE/outside")),
                    .scan(), .makeDirectory("made"), .entry("secret"), .scan(.init("outside")),
                    .scan(.init("root.old")),
                ]),
            BoundaryCase(
                .types, "a root removed and made again between calls is the new folder",
                setup: [.file("root/x")],
                operations: [
                    .scan(), .change(.remove("root")), .change(.folder("root")), .scan(), .makeDirectory("made"),
                    .scan(),
                ]),
            BoundaryCase(
                .types, "a link swapped for a folder between calls is then a folder",
                setup: [.link("root/l", target: "outside")],
                operations: [
                    .entry("l"), .change(.remove("root/l")), .change(.folder("root/l")), .entry("l"),
                    .makeDirectory("l/in"),
                ]),
        ]
    }
}
