/// "Did you mean ...": the known word closest to a mistyped one, when it is close enough.
enum Suggestion {
    /// The candidate nearest to `typed` by edit distance (a swap of two neighbours counts as one
    /// edit), if it is at most one edit away for words of up to four letters and two for longer
    /// ones; nil when nothing is that close or two candidates tie.
    static func nearest(to typed: String, among candidates: [String]) -> String? {
        let limit = typed.count <= 4 ? 1 : 2
        let scored = candidates.map { (word: $0, distance: distance(typed, $0)) }.filter { $0.distance <= limit }
        guard let best = scored.map(\.distance).min() else { return nil }
        let winners = Set(scored.filter { $0.distance == best }.map(\.word))
        return winners.count == 1 ? winners.first : nil
    }

    /// The optimal-string-alignment distance: insertions, deletions, substitutions and swaps of
    /// two neighbouring characters, each one edit.
    static func distance(_ first: String, _ second: String) -> Int {
        let a = Array(first.lowercased())
        let b = Array(second.lowercased())
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var best = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    best = min(best, table[i - 2][j - 2] + 1)
                }
                table[i][j] = best
            }
        }
        return table[a.count][b.count]
    }
}
