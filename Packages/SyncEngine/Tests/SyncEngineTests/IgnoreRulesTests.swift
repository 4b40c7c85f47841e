import FileTreeInterface
import SyncEngine
import Testing

@Suite("Ignore rules (.synccliignore, gitignore-style)")
struct IgnoreRulesTests {
    static let table: [(rules: String, path: String, kind: EntryKind, excluded: Bool)] = [
        ("*.tmp", "a.tmp", .file, true),
        ("*.tmp", "deep/down/a.tmp", .file, true),
        ("*.tmp", "a.tmpx", .file, false),
        ("build/", "build", .directory, true),
        ("build/", "build", .file, false),
        ("build/", "src/build", .directory, true),
        ("/build", "build", .file, true),
        ("/build", "src/build", .file, false),
        ("docs/*.md", "docs/a.md", .file, true),
        ("docs/*.md", "docs/sub/a.md", .file, false),
        ("docs/*.md", "x/docs/a.md", .file, false),
        ("**/logs", "logs", .directory, true),
        ("**/logs", "a/b/logs", .directory, true),
        ("**/logs", "a/b/other", .directory, false),
        ("**/logs", "other", .file, false),
        ("docs//tmp", "docs/tmp", .directory, true),  // doubled slashes count as one
        ("docs//tmp", "docs/x/tmp", .directory, false),
        ("logs/**", "logs/a/b.txt", .file, true),
        ("logs/**", "logs", .directory, false),
        ("a/**/b", "a/b", .file, true),
        ("a/**/b", "a/x/y/b", .file, true),
        ("a/**/b", "a/x/y/c", .file, false),
        ("?.txt", "a.txt", .file, true),
        ("?.txt", "ab.txt", .file, false),
        ("*.log\n!keep.log", "keep.log", .file, false),
        ("*.log\n!keep.log", "other.log", .file, true),
        ("# comment\n\n*.bak", "x.bak", .file, true),
        ("# comment", "# comment", .file, false),
        ("\\#hash", "#hash", .file, true),
        // A backslash makes the next character literal: an escaped `*` or `?` matches only itself.
        ("a\\*b", "a*b", .file, true),
        ("a\\*b", "axb", .file, false),
        ("\\?.txt", "?.txt", .file, true),
        ("\\?.txt", "a.txt", .file, false),
        // A lone backslash at the end escapes nothing: it matches nothing (and never reads past the end).
        ("a\\", "a\\", .file, false),
        ("a\\", "a", .file, false),
        ("f\\?*.txt", "f?x.txt", .file, true),
        ("f\\?*.txt", "fax.txt", .file, false),
        // Trailing spaces are dropped, as git does, unless the last one is escaped.
        ("*.tmp   ", "a.tmp", .file, true),
        ("name\\ ", "name ", .file, true),
        ("name\\ ", "name", .file, false),
        ("", ".synccli-root", .file, true),
        ("", ".synccli-trash", .directory, true),
        ("", ".synccli-tmp-0123456789abcdef", .file, true),
        ("", ".synccliignore", .file, true),
        ("", ".synccli", .file, true),
        ("", "notes/.synccli-tmp-1", .file, true),
        ("", "synccli.txt", .file, false),
        ("!.synccli-root", ".synccli-root", .file, true),
    ]

    @Test("a rule table: pattern, path, kind and whether it is excluded", arguments: table.indices)
    func rule(index: Int) throws {
        let row = Self.table[index]
        let path = try RelativePath(row.path)
        #expect(
            IgnoreRules(row.rules).isExcluded(path, kind: row.kind) == row.excluded,
            "rules \(row.rules.debugDescription) on \(row.path)")
    }

    @Test("the names users see: the ignore file and the prefix the tool keeps for itself")
    func names() {
        #expect(IgnoreRules.fileName == ".synccliignore")
        #expect(IgnoreRules.reservedPrefix == ".synccli")
    }
}
