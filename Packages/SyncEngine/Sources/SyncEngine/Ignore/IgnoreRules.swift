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
        /// The pattern's segments; an unanchored pattern of several starts with `**`.
        var segments: [PatternMatcher.Segment]
        var anchored: Bool
        var directoryOnly: Bool
        var negated: Bool
    }

    private let rules: [Rule]

    /// The prefix of every name the tool keeps for itself: ``FileTreeInterface/ReservedNames/prefix``.
    public static var reservedPrefix: String { ReservedNames.prefix }
    /// The ignore file's name at the local folder's root: ``FileTreeInterface/ReservedNames/ignoreFile``.
    public static var fileName: String { ReservedNames.ignoreFile }

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
            var segments = line.split(separator: "/", omittingEmptySubsequences: true).map {
                PatternMatcher.Segment(String($0))
            }
            if segments.isEmpty { continue }
            if !anchored && segments.count > 1 { segments.insert(PatternMatcher.Segment("**"), at: 0) }
            rules.append(Rule(segments: segments, anchored: anchored, directoryOnly: directoryOnly, negated: negated))
        }
        self.rules = rules
    }

    /// Whether the entry at `path` is left out of sync. Callers check folders before their
    /// contents and do not enter an excluded folder.
    public func isExcluded(_ path: RelativePath, kind: EntryKind) -> Bool {
        if ReservedNames.isReserved(path) { return true }
        guard !rules.isEmpty else { return false }
        let components = path.components.map { Array($0.unicodeScalars) }  // split once, not once per rule
        var excluded = false
        for rule in rules where !(rule.directoryOnly && kind != .directory) {
            if matches(rule, components) { excluded = !rule.negated }
        }
        return excluded
    }

    private func matches(_ rule: Rule, _ components: [[Unicode.Scalar]]) -> Bool {
        var steps = 0
        if !rule.anchored, rule.segments.count == 1, let last = components.last {
            return PatternMatcher.glob(rule.segments[0].scalars[...], last[...], steps: &steps)
        }
        return PatternMatcher.match(rule.segments, components, steps: &steps)
    }

    /// Whether `pattern` (one rule's text) matches `path`, and how many steps the matcher took:
    /// for tests of the matcher's cost.
    static func matchCost(_ pattern: String, _ path: RelativePath) -> (matched: Bool, steps: Int) {
        guard let rule = IgnoreRules(pattern).rules.first else { return (false, 0) }
        var steps = 0
        let components = path.components.map { Array($0.unicodeScalars) }
        return (PatternMatcher.match(rule.segments, components, steps: &steps), steps)
    }
}
