/// Matches ignore patterns against paths in time bounded by (pattern segments × path components),
/// however many `**` a pattern holds.
///
/// A pattern is a list of segments, each a name glob (`*`, `?`, `\` escapes) or `**` (any number
/// of components; at the end, at least one). The match is decided by dynamic programming over
/// (segment, component) pairs, from the ends backwards, one row at a time: no backtracking, so ten
/// `**` against a 25-deep path cost a few hundred cells, not millions of recursive calls.
enum PatternMatcher {
    /// One pattern segment, its characters split once.
    struct Segment: Sendable, Equatable {
        var scalars: [Unicode.Scalar]
        var isAnyFolders: Bool

        init(_ text: String) {
            scalars = Array(text.unicodeScalars)
            isAnyFolders = text == "**"
        }
    }

    /// Whether `components` match `segments`.
    /// - Parameter steps: increased by the work done (cells decided and glob iterations), so tests
    ///   can bound the cost without timing it.
    static func match(_ segments: [Segment], _ components: [[Unicode.Scalar]], steps: inout Int) -> Bool {
        let count = components.count
        // next[j]: whether segments[i + 1...] match components[j...]; starts as the empty pattern.
        var next = [Bool](repeating: false, count: count + 1)
        next[count] = true
        var row = next
        for index in segments.indices.reversed() {
            steps += count + 1
            let segment = segments[index]
            if segment.isAnyFolders {
                if index == segments.count - 1 {
                    // A trailing `**` matches one component or more.
                    for j in 0...count { row[j] = j < count }
                } else {
                    row[count] = next[count]
                    for j in stride(from: count - 1, through: 0, by: -1) { row[j] = next[j] || row[j + 1] }
                }
            } else {
                row[count] = false
                for j in 0..<count {
                    row[j] = next[j + 1] && glob(segment.scalars[...], components[j][...], steps: &steps)
                }
            }
            swap(&row, &next)
        }
        return next[0]
    }

    /// `*` and `?` matching within one name (with `\` escaping the next character), with one
    /// backtracking point (the last `*`): at most (pattern × name) iterations.
    static func glob(_ pattern: ArraySlice<Unicode.Scalar>, _ name: ArraySlice<Unicode.Scalar>, steps: inout Int)
        -> Bool
    {
        var p = pattern.startIndex
        var n = name.startIndex
        var starP: Int?
        var starN = name.startIndex
        while n < name.endIndex {
            steps += 1
            if p < pattern.endIndex, pattern[p] == "\\", p + 1 < pattern.endIndex, pattern[p + 1] == name[n] {
                p += 2
                n += 1
            } else if p < pattern.endIndex,
                pattern[p] == "?" || (pattern[p] == name[n] && pattern[p] != "*" && pattern[p] != "\\")
            {
                p += 1
                n += 1
            } else if p < pattern.endIndex, pattern[p] == "*" {
                starP = p
                starN = n
                p += 1
            } else if let star = starP {
                p = star + 1
                starN += 1
                n = starN
            } else {
                return false
            }
        }
        while p < pattern.endIndex, pattern[p] == "*" { p += 1 }
        return p == pattern.endIndex
    }
}
