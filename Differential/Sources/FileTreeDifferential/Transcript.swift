import FileTreeInterface
import Foundation

/// What one side reported for one case, as lines of text that compare exactly between sides.
///
/// Every line is ASCII: bytes outside printable ASCII are escaped (`\u{301}`), so NFC and NFD
/// spellings, which Swift's `String ==` calls equal, read differently. Values that differ between
/// sides by nature are made structural: identities become labels in order of first appearance
/// (`#1`, `#2`, so "equal or not" survives), times the corpus did not set become `clock`, the
/// base folder's path becomes `$BASE`, and a staged copy's random suffix becomes `*`.
public struct Transcript: Sendable, Equatable {
    /// One line per operation, in order.
    public internal(set) var lines: [String] = []
    /// Expectations of the design that this side broke (an identity kept where it must change ...).
    public internal(set) var violations: [String] = []
    /// Why the case was not run on this side, when it could not be set up there.
    public internal(set) var skipped: String?
}

/// Turns results into transcript text for one side's run.
struct Formatter {
    let basePath: String
    private var identities: [FileIdentity: Int] = [:]

    init(basePath: String) {
        self.basePath = basePath
    }

    mutating func label(_ identity: FileIdentity) -> String {
        if let known = identities[identity] { return "#\(known)" }
        let next = identities.count + 1
        identities[identity] = next
        return "#\(next)"
    }

    mutating func entry(_ entry: TreeEntry?) -> String {
        guard let entry else { return "nothing" }
        let time = Times.all.contains(entry.modificationNanoseconds) ? String(entry.modificationNanoseconds) : "clock"
        // A link's size is its target's length: count it with the base folder's path as `$BASE`.
        let target = entry.linkTarget.map { $0.replacingOccurrences(of: basePath, with: "$BASE") }
        let size = entry.size - Int64((entry.linkTarget?.utf8.count ?? 0) - (target?.utf8.count ?? 0))
        var text =
            "\(Self.path(entry.path)) \(entry.kind.rawValue) size=\(size) mode=0o\(String(entry.permissions, radix: 8))"
        text += " t=\(time) id=\(label(entry.identity))"
        if let target { text += " -> " + Self.escaped(target) }
        return text
    }

    mutating func scan(_ scan: TreeScan) -> String {
        // Staged copies' temporary names differ by a random suffix, so two of them in one folder
        // may come in either order: order each run of entries with one shown path by its text.
        var runs: [(path: String, texts: [String])] = []
        for entry in scan.entries {
            let path = Self.path(entry.path)
            let text = self.entry(entry)
            if runs.last?.path == path { runs[runs.count - 1].texts.append(text) } else { runs.append((path, [text])) }
        }
        let entries = runs.flatMap { $0.texts.sorted() }.joined(separator: "; ")
        let problems = scan.problems.map { "\(Self.path($0.path)) (\($0.extent == .path ? "path" : "nameInFolder"))" }
        return "[\(entries)] problems [\(problems.joined(separator: "; "))]"
    }

    func error(_ error: any Error) -> String {
        guard let error = error as? TreeError else {
            if let unsafe = error as? UnsafeNameError { return "unsafe name: \(unsafe.reason)" }
            return "unexpected \(type(of: error)): " + Self.escaped(String(describing: error))
        }
        switch error {
        case .notFound(let path): return "notFound(\(Self.path(path)))"
        case .alreadyExists(let path): return "alreadyExists(\(Self.path(path)))"
        case .notAFolder(let path): return "notAFolder(\(Self.path(path)))"
        case .folderNotEmpty(let path): return "folderNotEmpty(\(Self.path(path)))"
        case .sourceChanged(let path): return "sourceChanged(\(Self.path(path)))"
        case .unsafePath(let text):
            return "unsafePath(\(Self.escaped(text.replacingOccurrences(of: basePath, with: "$BASE"))))"
        case .rootUnavailable(_, let reason): return "rootUnavailable(\(reason))"
        case .crossDevice(let path): return "crossDevice(\(Self.path(path)))"
        case .io(let path, let code, _): return "io(\(Self.path(path)), errno \(code))"
        case .remote(let path, _): return "remote(\(Self.path(path)))"
        }
    }

    /// A path with its temporary-name suffix hidden and every non-ASCII byte escaped.
    static func path(_ path: RelativePath) -> String {
        if path.isRoot { return "." }
        return path.components.map { name in
            StagedCopy.isTemporaryName(name) ? StagedCopy.temporaryPrefix + "*" : escaped(name)
        }.joined(separator: "/")
    }

    /// `text` with every scalar outside printable ASCII as `\u{X}`, and a run of more than four
    /// equal scalars as one followed by `{xN}` (a 255-byte name stays readable, and exact).
    static func escaped(_ text: String) -> String {
        var result = ""
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            var run = 1
            while index + run < scalars.count, scalars[index + run] == scalar { run += 1 }
            let shown =
                (0x20..<0x7F).contains(scalar.value) && scalar != "\\" && scalar != "{"
                ? String(scalar) : "\\u{" + String(scalar.value, radix: 16) + "}"
            result += run > 4 ? shown + "{x\(run)}" : String(repeating: shown, count: run)
            index += run
        }
        return result
    }
}
