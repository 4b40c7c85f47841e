/// Edges of the calls themselves, filed under the family they probe: the root as an operand,
/// scans that leave reserved names out, staged copies discarded or doubled, and copies whose
/// caller saw an entry that has since been replaced.
extension BoundaryCorpus {
    static var edgeCases: [BoundaryCase] {
        rootOperandCases + exclusionCases + stagingCases + staleExpectationCases + limitCases
    }

    private static var rootOperandCases: [BoundaryCase] {
        let root = Operation.rootPath
        return [
            BoundaryCase(
                .types, "the root itself is no operand of a change, and its entry is a folder",
                setup: [.file("root/x")],
                operations: [
                    .entry(root), .makeDirectory(root), .removeItem(root), .removeEmptyFolder(root),
                    .move(root, to: "y"),
                    .move("x", to: root), .setPermissions(0o700, root), .digest(root), .copy(root, to: "y"),
                    .copy("x", to: root), .scan(),
                ])
        ]
    }

    private static var exclusionCases: [BoundaryCase] {
        [".synccli", ".", "a\u{301}", "\u{E9}"].map { prefix in
            BoundaryCase(
                .names,
                "a scan leaving out names starting with \(Formatter.escaped(prefix)) neither lists nor enters them",
                setup: [
                    .folder("root/.synccli-trash"), .file("root/.synccli-trash/old"),
                    .rawFile(folder: "root/.synccli-trash", name: [0xFF]),
                    .file("root/.synccli-tmp-0123456789abcdef"), .file("root/.hidden"), .folder("root/\u{E9}t\u{E9}"),
                    .file("root/\u{E9}t\u{E9}/f"), .folder("root/e\u{301}t\u{E9}"), .file("root/e\u{301}t\u{E9}/f"),
                    .rawFile(folder: "root/e\u{301}t\u{E9}", name: [0xC3]), .file("root/a\u{301}"), .file("root/plain"),
                ],
                operations: [.scanExcluding(prefix: prefix), .scan()])
        }
    }

    private static var stagingCases: [BoundaryCase] {
        [
            BoundaryCase(
                .types, "staged copies that are discarded leave nothing, and commit nothing afterwards",
                setup: [.file("root/a"), .file("root/b"), .folder("other/d")],
                operations: [
                    .copy("a", to: "a", commit: false), .copy("b", to: "d/b", commit: false), .scan(.other),
                    .discardStaged(),
                    .scan(.other), .commitStaged(),
                ]),
            BoundaryCase(
                .types,
                "two copies staged to one name: the first is placed, the second is alreadyExists and leaves nothing",
                setup: [.file("root/a", contents: "first"), .file("root/b", contents: "second")],
                operations: [
                    .copy("a", to: "same", commit: false), .copy("b", to: "same", commit: false), .scan(.other),
                    .commitStaged(), .scan(.other),
                ]),
            BoundaryCase(
                .types, "a staged copy whose temporary file was removed by another program commits as notFound",
                setup: [.file("root/a")],
                operations: [
                    .copy("a", to: "a", commit: false), .change(.remove("other")), .change(.folder("other")),
                    .commitStaged(), .scan(.other),
                ]),
        ]
    }

    private static var staleExpectationCases: [BoundaryCase] {
        [
            (
                "re-created with the same contents and time",
                [Step.file("root/f.new"), .rename("root/f.new", to: "root/f")]
            ),
            (
                "rewritten with other contents of the same size",
                [.remove("root/f"), .file("root/f", contents: "CONTENTS")]
            ),
            ("given a new time", [.remove("root/f"), .file("root/f", modified: Times.second)]),
            ("replaced by a folder", [.remove("root/f"), .folder("root/f")]),
            ("replaced by a link to a file", [.remove("root/f"), .file("root/g"), .link("root/f", target: "g")]),
            ("removed", [.remove("root/f")]),
        ].map { label, changes in
            BoundaryCase(
                .identities, "a copy expecting a file since \(label) is refused and leaves nothing",
                setup: [.file("root/f")],
                operations: [.remember("f", as: "seen")] + changes.map(Operation.change) + [
                    .copyAsRemembered("f", label: "seen", to: "f"), .scan(.other),
                ])
        }
    }
}

/// Cases about contents, times and link targets at their limits.
extension BoundaryCorpus {
    static var limitCases: [BoundaryCase] {
        let megabyte = 1 << 20
        let times: [(String, Int64)] = [("before 1970", Times.beforeEpoch), ("at 1970 exactly", Times.epoch)]
        return times.map { label, time in
            BoundaryCase(
                .identities, "a file dated \(label) is scanned, moved and copied with that time",
                setup: [.file("root/old", modified: time)],
                operations: [.scan(), .move("old", to: "moved"), .copy("moved", to: "moved"), .scan(.other)])
        } + [
            BoundaryCase(
                .types, "empty, one-chunk and just-over-one-chunk files digest and copy alike",
                setup: [
                    .file("root/empty", contents: ""),
                    .file("root/chunk", contents: String(repeating: "c", count: megabyte)),
                    .file("root/over", contents: String(repeating: "o", count: megabyte + 7)),
                ],
                operations: [
                    .digest("empty"), .digest("chunk"), .digest("over"), .copy("empty", to: "empty"),
                    .copy("over", to: "over"),
                    .scan(.other),
                ]),
            BoundaryCase(
                .types, "a link whose target is 4,095 bytes long is read whole",
                setup: [.link("root/long", target: String(repeating: "t/", count: 2047) + "t")],
                operations: [.scan(), .entry("long"), .move("long", to: "moved"), .entry("moved")]),
            BoundaryCase(
                .types, "a link whose target is not UTF-8 is listed as a link and never followed",
                setup: [.rawLink("root/odd", target: [0x61, 0xFF, 0x62])],
                operations: [.scan(), .entry("odd"), .removeItem("odd"), .scan()]),
            BoundaryCase(
                .identities, "a file with two names (a hard link) has one identity under both",
                setup: [.file("root/a"), .hardLink("root/b", to: "root/a")],
                operations: [
                    .remember("a", as: "a"), .identity("b", of: "a", same: true), .scan(), .removeItem("a"), .scan(),
                ]),
        ]
    }
}
