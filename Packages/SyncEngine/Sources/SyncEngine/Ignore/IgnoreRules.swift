public import FileTreeInterface

/// Which paths a pair leaves alone: the rules of a `.synccliignore` file (gitignore-style) and the
/// tool's own files.
///
/// Supported syntax, one pattern per line:
/// - blank lines and lines starting with `#` are skipped (`\#` matches a literal `#`);
/// - `*` matches any run of characters within one name, `?` one character, `**` any number of
///   folders (`**/logs`, `logs/**`, `a/**/b`);
/// - a trailing `/` matches folders only;
/// - a pattern with a `/` at its start or middle is anchored at the root; otherwise it matches a
///   name at any depth;
/// - `!` re-includes what an earlier pattern excluded (the last matching pattern wins), but not
///   inside an excluded folder, which is never entered.
///
/// Everything named `.synccli*` (the root marker, the trash, temporary files, the ignore file
/// itself) is always excluded.
///
/// ```swift
/// let rules = IgnoreRules("*.tmp\nbuild/\n!keep.tmp\n")
/// rules.isExcluded(try RelativePath("a/b.tmp"), kind: .file)   // true
/// ```
public struct IgnoreRules: Sendable, Equatable {
    private struct Rule: Sendable, Equatable {
        var segments: [String]
        var anchored: Bool
        var directoryOnly: Bool
        var negated: Bool
    }

    private let rules: [Rule]

    /// The prefix of every name the tool keeps for itself.
    public static let reservedPrefix = ".synccli"

    /// Rules parsed from the text of an ignore file.
    public init(_ text: String = "") {
        var rules: [Rule] = []
        for rawLine in text.split(whereSeparator: \.isNewline) {
            var line = String(rawLine)
            while line.hasSuffix(" ") && !line.hasSuffix("\\ ") { line.removeLast() }
            if line.isEmpty || line.hasPrefix("#") { continue }
            var negated = false
            if line.hasPrefix("!") {
                negated = true
                line.removeFirst()
            } else if line.hasPrefix("\\!") || line.hasPrefix("\\#") {
                line.removeFirst()
            }
            var directoryOnly = false
            if line.hasSuffix("/") {
                directoryOnly = true
                line.removeLast()
            }
            var anchored = line.dropLast().contains("/")
            if line.hasPrefix("/") {
                anchored = true
                line.removeFirst()
            }
            let segments = line.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
            if segments.isEmpty { continue }
            rules.append(Rule(segments: segments, anchored: anchored, directoryOnly: directoryOnly, negated: negated))
        }
        self.rules = rules
    }

    /// Whether the entry at `path` is left out of sync. Callers check folders before their
    /// contents and do not enter an excluded folder.
    public func isExcluded(_ path: RelativePath, kind: EntryKind) -> Bool {
        if path.name.hasPrefix(Self.reservedPrefix) { return true }
        guard !rules.isEmpty else { return false }
        let components = path.components  // split once, not once per rule
        var excluded = false
        for rule in rules where !(rule.directoryOnly && kind != .directory) {
            if matches(rule, components) { excluded = !rule.negated }
        }
        return excluded
    }

    private func matches(_ rule: Rule, _ components: [String]) -> Bool {
        if rule.anchored { return Self.match(rule.segments[...], components[...]) }
        guard rule.segments.count == 1, let last = components.last else {
            return Self.match(["**"] + rule.segments[...], components[...])
        }
        return Self.glob(Array(rule.segments[0].unicodeScalars)[...], Array(last.unicodeScalars)[...])
    }

    private static func match(_ pattern: ArraySlice<String>, _ path: ArraySlice<String>) -> Bool {
        guard let first = pattern.first else { return path.isEmpty }
        if first == "**" {
            let rest = pattern.dropFirst()
            if rest.isEmpty { return !path.isEmpty }
            var tail = path
            while true {
                if match(rest, tail) { return true }
                if tail.isEmpty { return false }
                tail = tail.dropFirst()
            }
        }
        guard let name = path.first else { return false }
        return glob(Array(first.unicodeScalars)[...], Array(name.unicodeScalars)[...]) && match(pattern.dropFirst(), path.dropFirst())
    }

    /// `*` and `?` matching within one name (with `\` escaping the next character).
    private static func glob(_ pattern: ArraySlice<Unicode.Scalar>, _ name: ArraySlice<Unicode.Scalar>) -> Bool {
        var p = pattern.startIndex, n = name.startIndex
        var starP: Int?, starN = name.startIndex
        while n < name.endIndex {
            if p < pattern.endIndex, pattern[p] == "\\", p + 1 < pattern.endIndex, pattern[p + 1] == name[n] {
                p += 2; n += 1
            } else if p < pattern.endIndex, pattern[p] == "?" || (pattern[p] == name[n] && pattern[p] != "*" && pattern[p] != "\\") {
                p += 1; n += 1
            } else if p < pattern.endIndex, pattern[p] == "*" {
                starP = p; starN = n; p += 1
            } else if let star = starP {
                p = star + 1; starN += 1; n = starN
            } else {
                return false
            }
        }
        while p < pattern.endIndex, pattern[p] == "*" { p += 1 }
        return p == pattern.endIndex
    }
}
