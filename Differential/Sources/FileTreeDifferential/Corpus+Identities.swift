/// Identities: what keeps an entry's identity (a move, a rename of its folder, a change of bits)
/// and what gives a new one (a re-created file, even with the same contents and time; a copy).
extension BoundaryCorpus {
    /// Names the identity cases are repeated with, so odd names keep identities too.
    private static let identityNames: [String] = [
        "plain", "caf\u{E9}", "cafe\u{301}", "a\tb", ".synccli-root", "trail. ",
    ]

    static var identityCases: [BoundaryCase] {
        identityNames.flatMap(identityCases(named:)) + [
            BoundaryCase(
                .identities, "a folder renamed by another program keeps every identity below it",
                setup: [.folder("root/d"), .folder("root/d/e"), .file("root/d/e/f")],
                operations: [
                    .remember("d", as: "d"), .remember("d/e/f", as: "f"), .change(.rename("root/d", to: "root/moved")),
                    .identity("moved", of: "d", same: true), .identity("moved/e/f", of: "f", same: true), .scan(),
                ]),
            BoundaryCase(
                .identities, "a file replaced by a folder of the same name has a new identity",
                setup: [.file("root/x")],
                operations: [
                    .remember("x", as: "x"), .change(.remove("root/x")), .change(.folder("root/x")),
                    .identity("x", of: "x", same: false),
                ]),
            BoundaryCase(
                .identities, "a link re-made with the same target has a new identity",
                setup: [.link("root/l", target: "t"), .link("root/l.new", target: "t")],
                operations: [
                    .remember("l", as: "l"), .change(.rename("root/l.new", to: "root/l")),
                    .identity("l", of: "l", same: false),
                    .scan(),
                ]),
            BoundaryCase(
                .identities, "two files with the same contents and time have two identities",
                setup: [.file("root/a"), .file("root/b")],
                operations: [.remember("a", as: "a"), .identity("b", of: "a", same: false), .scan()]),
        ]
    }

    private static func identityCases(named name: String) -> [BoundaryCase] {
        let path = "root/" + name
        let shown = Formatter.escaped(name)  // NFC and NFD spellings must give two case names
        return [
            BoundaryCase(
                .identities, "\(shown): a file re-created with the same contents and time has a new identity",
                setup: [.file(path)],
                operations: [
                    .remember(name, as: "old"), .change(.file(path + ".new")),
                    .change(.rename(path + ".new", to: path)),
                    .entry(name), .identity(name, of: "old", same: false), .digest(name),
                ]),
            BoundaryCase(
                .identities, "\(shown): a file moved keeps its identity",
                setup: [.file(path), .folder("root/sub")],
                operations: [
                    .remember(name, as: "old"), .move(name, to: "sub/" + name),
                    .identity("sub/" + name, of: "old", same: true),
                    .move("sub/" + name, to: name + "2"), .identity(name + "2", of: "old", same: true), .scan(),
                ]),
            BoundaryCase(
                .identities, "\(shown): a folder renamed keeps the identities below it",
                setup: [.folder(path), .file(path + "/inner"), .folder(path + "/deeper"), .file(path + "/deeper/f")],
                operations: [
                    .remember(name + "/inner", as: "inner"), .remember(name + "/deeper/f", as: "f"),
                    .move(name, to: "renamed"), .identity("renamed/inner", of: "inner", same: true),
                    .identity("renamed/deeper/f", of: "f", same: true), .entry(name + "/inner"), .scan(),
                ]),
            BoundaryCase(
                .identities, "\(shown): a copy in the same root has a new identity and the source's time",
                setup: [.file(path, modified: Times.second)],
                operations: [
                    .remember(name, as: "source"), .copy(name, to: "copy", into: .main),
                    .identity("copy", of: "source", same: false),
                    .entry("copy"), .scan(),
                ]),
            BoundaryCase(
                .identities, "\(shown): setting bits keeps identity and time",
                setup: [.file(path, modified: Times.second)],
                operations: [
                    .remember(name, as: "old"), .setPermissions(0o600, name), .identity(name, of: "old", same: true),
                    .entry(name),
                ]),
        ]
    }
}
