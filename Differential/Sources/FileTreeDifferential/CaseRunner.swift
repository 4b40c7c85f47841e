import FileTreeInterface
import Foundation

/// Runs one ``BoundaryCase`` on one ``TreeSide`` and writes what it reported as a ``Transcript``.
public struct CaseRunner {
    private let side: any TreeSide
    private var format: Formatter
    private var transcript = Transcript()
    private var staged: [Root: [StagedCopy]] = [:]
    private var remembered: [String: FileIdentity] = [:]
    private var rememberedEntries: [String: TreeEntry] = [:]

    /// Runs `boundaryCase` on `side` (a fresh one: the case's world is built on it).
    /// - Returns: one line per operation, the design expectations broken, or why it was skipped.
    /// - Throws: a set-up step that failed for another reason than ``CannotModel``.
    public static func run(_ boundaryCase: BoundaryCase, on side: any TreeSide) throws -> Transcript {
        var runner = CaseRunner(side: side)
        for step in boundaryCase.setup {
            do {
                try side.apply(step)
            } catch let refusal as CannotModel {
                runner.transcript.skipped = refusal.reason
                return runner.transcript
            }
        }
        for operation in boundaryCase.operations {
            try runner.perform(operation)
        }
        return runner.transcript
    }

    private init(side: any TreeSide) {
        self.side = side
        format = Formatter(basePath: side.basePath)
    }

    private mutating func perform(_ operation: Operation) throws {
        let side = self.side
        let main = self.main
        switch operation {
        case .scan(let root):
            record("scan \(root.path)") { format in
                format.scan(try side.scanner.scan(root: side.url(of: root)) { _, _ in false })
            }
        case .entry(let path, let root):
            record("entry \(show(path)) in \(root.path)") { format in
                format.entry(try side.scanner.entry(at: try Self.path(path), in: side.url(of: root)))
            }
        case .makeDirectory(let path):
            act("makeDirectory \(show(path))") { try side.mutator.makeDirectory(try Self.path(path), in: main) }
        case .removeItem(let path):
            act("removeItem \(show(path))") { try side.mutator.removeItem(try Self.path(path), in: main) }
        case .removeEmptyFolder(let path):
            act("removeEmptyFolder \(show(path))") { try side.mutator.removeEmptyFolder(try Self.path(path), in: main) }
        case .move(let source, let destination):
            act("move \(show(source)) to \(show(destination))") {
                try side.mutator.moveItem(try Self.path(source), to: try Self.path(destination), in: main)
            }
        case .setPermissions(let bits, let path):
            act("setPermissions 0o\(String(bits, radix: 8)) \(show(path))") {
                try side.mutator.setPermissions(bits, of: try Self.path(path), in: main)
            }
        case .copy(let source, let destination, let root, let commit):
            copy(source, to: destination, into: root, commit: commit, expected: nil)
        case .scanExcluding(let prefix):
            record("scan root excluding \(show(prefix))*") { format in
                format.scan(try side.scanner.scan(root: main) { path, _ in path.name.hasPrefix(prefix) })
            }
        case .discardStaged(let root):
            let batch = staged[root] ?? []
            staged[root] = nil
            side.copier.discard(batch, in: side.url(of: root))
            transcript.lines.append("discard \(batch.count) in \(root.path)")
        case .copyAsRemembered(let source, let label, let destination):
            copy(source, to: destination, into: .other, commit: true, expected: rememberedEntries[label])
        case .commitStaged(let root):
            let batch = staged[root] ?? []
            staged[root] = nil
            let results = side.copier.commit(batch, in: side.url(of: root))
            var described: [String] = []
            for result in results { described.append(describe(result)) }
            transcript.lines.append("commit \(batch.count) into \(root.path): " + described.joined(separator: "; "))
        case .digest(let path):
            record("digest \(show(path))") { _ in try side.copier.digest(of: try Self.path(path), in: main).description
            }
        case .remember(let path, let label):
            let entry = try? side.scanner.entry(at: try Self.path(path), in: main)
            remembered[label] = entry?.identity
            rememberedEntries[label] = entry
            transcript.lines.append("remember \(show(path)) as \(label): \(entry == nil ? "nothing" : "an entry")")
        case .identity(let path, let label, let same):
            checkIdentity(path, against: label, same: same)
        case .change(let step):
            do {
                try side.apply(step)
                transcript.lines.append("change " + Formatter.escaped("\(step)"))
            } catch let refusal as CannotModel {
                transcript.skipped = refusal.reason
            } catch let failure as SetupFailure {
                transcript.lines.append("change " + Formatter.escaped("\(step)") + ": errno \(failure.code)")
            } catch let failure as POSIXError {
                transcript.lines.append("change " + Formatter.escaped("\(step)") + ": errno \(failure.code.rawValue)")
            }
        }
    }

    private var main: URL { side.url(of: .main) }

    /// The path an operation names; ``Operation/rootPath`` is the root itself.
    private static func path(_ text: String) throws -> RelativePath {
        text == Operation.rootPath ? .root : try RelativePath(text)
    }

    // MARK: Copies and identities

    private mutating func copy(
        _ source: String, to destination: String, into root: Root, commit: Bool, expected given: TreeEntry?
    ) {
        var line = "copy \(show(source)) to \(root.path)/\(show(destination)): "
        do {
            let from = try Self.path(source)
            let to = try Self.path(destination)
            // A source entry(at:) refuses (a pipe, a link on the way) still goes to stageCopy,
            // which must refuse it on its own.
            let expected = given ?? ((try? side.scanner.entry(at: from, in: main)) ?? nil) ?? Self.placeholder(from)
            let copy = try side.copier.stageCopy(from, in: main, expected: expected, to: to, in: side.url(of: root))
            let temporaryOK = StagedCopy.isTemporaryName(copy.temporaryName, madeIn: side.url(of: root))
            line += "staged \(format.entry(copy.entry))\(temporaryOK ? "" : " (temporary name \(copy.temporaryName))")"
            if commit {
                for result in side.copier.commit([copy], in: side.url(of: root)) {
                    line += ", committed " + describe(result)
                }
            } else {
                staged[root, default: []].append(copy)
            }
        } catch {
            line += format.error(error)
        }
        transcript.lines.append(line)
    }

    /// An expected entry for a source that has none (nothing there, or not examinable): a copy
    /// must then fail.
    private static func placeholder(_ path: RelativePath) -> TreeEntry {
        TreeEntry(
            path: path, kind: .file, size: 0, modificationNanoseconds: 0, identity: FileIdentity(device: 0, inode: 0),
            permissions: 0o644)
    }

    private mutating func checkIdentity(_ path: String, against label: String, same: Bool) {
        let entry = try? side.scanner.entry(at: try Self.path(path), in: main)
        guard let entry, let earlier = remembered[label] else {
            transcript.lines.append("identity of \(show(path)) vs \(label): missing")
            transcript.violations.append("\(side.name): \(show(path)) or \(label) is missing")
            return
        }
        let isSame = entry.identity == earlier
        transcript.lines.append("identity of \(show(path)) vs \(label): \(isSame ? "same" : "different")")
        if isSame != same {
            transcript.violations.append(
                "\(side.name): \(show(path)) has \(isSame ? "the same" : "a new") identity as \(label); the design wants "
                    + (same ? "the same" : "a new one"))
        }
    }

    // MARK: Recording

    private mutating func record(_ what: String, _ body: (inout Formatter) throws -> String?) {
        do {
            let result = try body(&format)
            transcript.lines.append(what + ": " + (result ?? "ok"))
        } catch {
            transcript.lines.append(what + ": " + format.error(error))
        }
    }

    private mutating func act(_ what: String, _ body: () throws -> Void) {
        record(what) { _ -> String? in
            try body()
            return nil
        }
    }

    private mutating func describe(_ result: Result<TreeEntry, TreeError>) -> String {
        switch result {
        case .success(let entry): format.entry(entry)
        case .failure(let error): format.error(error)
        }
    }

    private func show(_ path: String) -> String { Formatter.escaped(path) }
}
