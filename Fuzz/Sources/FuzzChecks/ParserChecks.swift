import FileAccessorMock
import FileSystemLive
import FileTreeInterface
import Foundation

@testable import BookmarkLive
@testable import SyncEngine

/// One check per parser: ``Outcome/rejected`` when the parser refuses the input, ``Outcome/accepted``
/// when it takes it and the value survives its round trip, ``Outcome/failed(_:)`` otherwise. A
/// crash inside a decoder is found by the fuzzer itself (and by the sanitizer).
enum ParserChecks {
    // MARK: The archive codec

    static func archive(_ data: Data) -> Outcome {
        let pair = archivePairName(data) ?? "p"
        guard let archive = try? Archive.decode(data, pair: pair) else { return .rejected }
        return roundTrip(archive, encode: { try $0.encoded() }, decode: { try Archive.decode($0, pair: pair) })
    }

    /// The pair name an archive names on its second line (`pair <escaped name>`), so the fuzzer
    /// can reach the records whatever name it chose. Nil when there is none.
    static func archivePairName(_ data: Data) -> String? {
        let lines = data.split(separator: 10, maxSplits: 2, omittingEmptySubsequences: false)
        guard lines.count > 1, lines[1].starts(with: Array("pair ".utf8)) else { return nil }
        var bytes: [UInt8] = []
        var rest = Array(lines[1].dropFirst(5))[...]
        while let byte = rest.first {
            rest = rest.dropFirst()
            if byte == 37, rest.count >= 2,
                let value = UInt8(String(decoding: rest.prefix(2), as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                rest = rest.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: A plan, as `synccli apply` reads it

    static func plan(_ data: Data) -> Outcome {
        guard let plan = try? SyncPlan.decode(data) else { return .rejected }
        return roundTrip(plan, encode: { try $0.encoded() }, decode: { try SyncPlan.decode($0) })
    }

    // MARK: The ignore rules

    /// The input is the ignore file's text, then (after a NUL byte, if any) paths to match, one a
    /// line. The tool's own names are excluded whatever the rules say, and a comment line added
    /// at the end changes nothing.
    static func ignoreRules(_ data: Data) -> Outcome {
        let parts = data.split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
        let text = String(decoding: parts.first ?? Data(), as: UTF8.self)
        let rules = IgnoreRules(text)
        if IgnoreRules(text + "\n# a comment\n") != rules {
            return .failed("a trailing comment line changed the rules")
        }
        var paths: [RelativePath] = [.root]
        if parts.count > 1 {
            for line in parts[1].split(separator: 10) {
                if let path = try? RelativePath(String(decoding: line, as: UTF8.self)) { paths.append(path) }
            }
        }
        for path in paths.prefix(64) {
            for kind in [EntryKind.file, .directory, .symbolicLink] {
                _ = rules.isExcluded(path, kind: kind)
                guard let own = try? path.appending(IgnoreRules.reservedPrefix + "-tmp-x") else { continue }
                if !rules.isExcluded(own, kind: kind) { return .failed("the tool's own file \(own) is not excluded") }
            }
        }
        return .accepted
    }

    // MARK: The container's data.json

    static func containerDocument(_ data: Data) -> Outcome {
        guard let document = try? ContainerDocument.decode(data, path: "data.json") else { return .rejected }
        return roundTrip(
            document, encode: { try $0.encoded() }, decode: { try ContainerDocument.decode($0, path: "data.json") })
    }

    // MARK: An approved deletion in the container

    static func deletionApproval(_ data: Data) -> Outcome {
        guard let approval = try? DeletionApproval.decode(data, pair: "docs") else { return .rejected }
        if approval.paths.isEmpty || approval.paths.contains(.root) {
            return .failed("an approval of no path or of the root was accepted")
        }
        return roundTrip(
            approval, encode: { try $0.encoded() }, decode: { try DeletionApproval.decode($0, pair: "docs") })
    }

    // MARK: The pair list

    /// Loads `pairs.json` from a mock state folder, saves what it read and loads it again: the
    /// same pairs (by name and local path) must come back.
    static func pairList(_ data: Data) -> Outcome {
        let stateFolder = URL(filePath: "/state/synccli", directoryHint: .isDirectory)
        let accessor = MockFileAccessor()
        let registry = PairRegistry(accessor: accessor, state: ExistingStateFolder(stateFolder))
        accessor.files = [registry.url: data]
        guard let pairs = try? registry.load() else { return .rejected }
        do {
            try registry.save(pairs)
            let again = try registry.load()
            let described = { (pairs: [SyncPair]) in
                pairs.map { "\($0.name)\t\($0.localRoot.path(percentEncoded: false))" }
            }
            guard described(again) == described(pairs) else {
                return .failed("round trip changed the pairs: \(described(pairs)) became \(described(again))")
            }
            guard let saved = accessor.files[registry.url] else { return .failed("the saved pair list is missing") }
            try registry.save(again)
            guard accessor.files[registry.url] == saved else {
                return .failed("saving the same pairs twice gave different bytes")
            }
        } catch {
            return .failed("a pair list that loaded does not save and load again: \(error)")
        }
        return .accepted
    }

    // MARK: The container configuration file

    static func configuration(_ data: Data) -> Outcome {
        guard let configuration = try? ContainerConfiguration.decode(data) else { return .rejected }
        return roundTrip(configuration, encode: { try $0.encoded() }, decode: { try ContainerConfiguration.decode($0) })
    }

    // MARK: The bookmark blob

    /// The input is read both as a stored entry (for the key `docs`) and as bookmark data; an
    /// entry's own data is then read as bookmark data too.
    static func bookmark(_ data: Data) -> Outcome {
        var outcome = Outcome.rejected
        var blobs = [data]
        if let entry = try? BookmarkEntry.decode(data, expecting: "docs") {
            outcome = roundTrip(
                entry, encode: { try $0.encoded() }, decode: { try BookmarkEntry.decode($0, expecting: "docs") })
            if let problem = outcome.problem { return .failed("entry: \(problem)") }
            blobs.append(entry.data)
        }
        for blob in blobs {
            guard let bookmark = try? FolderBookmark.decode(blob) else { continue }
            outcome = roundTrip(bookmark, encode: { try $0.encoded() }, decode: { try FolderBookmark.decode($0) })
            if let problem = outcome.problem { return .failed("bookmark: \(problem)") }
        }
        return outcome
    }

    // MARK: The round trip

    /// Encodes a decoded value, decodes the bytes again and compares; encodes the second value
    /// too, which must give the same bytes (the encoders are documented as stable).
    static func roundTrip<Value: Equatable>(
        _ value: Value, encode: (Value) throws -> Data, decode: (Data) throws -> Value
    ) -> Outcome {
        let bytes: Data
        do { bytes = try encode(value) } catch { return .failed("a decoded value does not encode: \(error)") }
        let again: Value
        do { again = try decode(bytes) } catch {
            return .failed("a re-encoded value does not decode: \(error)\n\(String(decoding: bytes, as: UTF8.self))")
        }
        guard again == value else {
            return .failed("round trip changed the value:\n\(value)\nbecame\n\(again)")
        }
        guard let second = try? encode(again), second == bytes else {
            return .failed("encoding the same value twice gave different bytes")
        }
        return .accepted
    }
}
