/// Whether `value` lies in `low...high`. The tests check both ends, so every mutant dies.
public func isInRange(_ value: Int, low: Int, high: Int) -> Bool {
    return value >= low && value <= high
}

/// The number of steps counting `n` down to zero; removing the decrement never ends.
public func stepsDown(from n: Int) -> Int {
    var remaining = n
    var steps = 0
    while remaining > 0 {
        remaining -= 1
        steps += 1
    }
    return steps
}

/// The larger of two values. The tests never pass equal values, so `>` against `>=` survives.
public func larger(_ a: Int, _ b: Int) -> Int {
    if a > b { return a }
    return b
}

/// The smaller of two values. `<` against `<=` only differs on equal values, which no caller
/// can tell apart (the test lists it as equivalent).
public func smaller(_ a: Int, _ b: Int) -> Int {
    if a < b { return a }
    return b
}

/// "yes" or "no"; removing the assignment leaves `text` unset, which does not compile.
public func describe(_ flag: Bool) -> String {
    let text: String
    text = flag ? "yes" : "no"
    return text
}
