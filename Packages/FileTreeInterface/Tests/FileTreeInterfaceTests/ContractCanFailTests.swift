import FileTreeContract
import FileTreeInterface
import Foundation
import Synchronization
import Testing

/// Proves the contract can fail: a deliberately wrong implementation is caught, case by case.
@Suite("The file tree contract catches wrong implementations")
struct ContractCanFailTests {
    @Test(
        "a sloppy tree fails every case it gets wrong",
        arguments: [
            "scan lists files, folders and links sorted, with kinds, sizes, permissions and nanosecond times",
            "excluding leaves out an entry, and a left-out folder is not entered",
            "names that differ only in Unicode normalization are two entries",
            "entry(at:) describes one entry, is nil when nothing is there, and notAFolder below a file",
            "removeItem is notFound for nothing, folderNotEmpty for a full folder, and changes nothing",
            "moveItem never replaces: an existing destination is alreadyExists and both stay as they were",
            "a copy has the source's bytes, nanosecond time and permissions, and leaves no stray file",
            "a source that differs from expected is sourceChanged and leaves nothing at the destination",
            "flush keeps every change and touches nothing; a missing root is rootUnavailable",
            "staged copies are only temporary files until commit puts each in place, as staged",
            "commit never replaces a name taken after staging, and still places the rest",
            "discard removes staged temporaries; a discarded or vanished copy commits as notFound",
            "every call through a symbolic link on the way is refused and touches nothing outside the root",
            "setPermissions sets a file's and a folder's bits masked to 0o777, keeping time and identity",
            "setPermissions refuses a link (its target keeps its bits), nothing, a file on the way and the root",
            "a root that is a symbolic link is refused by every call (rootUnavailable, symbolicLink), never followed",
            "set-user-ID, set-group-ID and sticky bits never travel: a 06755 file is scanned and copied as 0755",
            "a file dated at the last Int64 nanosecond (2262-04-11) is scanned, moved and copied with that time",
            "a name over 255 bytes is io(ENAMETOOLONG) for every call, on the way too, and is never made",
            "a named pipe is a scan problem of its path, refused by entry, digest, bits and copies, and can be removed",
            "a link in a folder above the root is followed (the user chose that path); the root's own link is not",
            "a root moved away and replaced by a link after a first call is still the folder first opened",
            "a streamed read and a staged write copy bytes, nanosecond time and permissions, placed at commit",
            "a streamed read of a source that differs from expected, before or after, is sourceChanged",
            "a staged write that fails (producer error, short or long bytes) leaves no temporary file",
        ])
    func sloppy(caseName: String) throws {
        let check = try #require(FileTreeContract.cases.first { $0.name == caseName })
        #expect(throws: ContractViolation.self) { try check.verify(SloppyTree().fixture) }
    }

    @Test("the sloppy tree still passes a case it gets right, so the failures above are specific")
    func passesOthers() throws {
        let check = try #require(FileTreeContract.cases.first { $0.name.hasPrefix("makeDirectory creates") })
        try check.verify(SloppyTree().fixture)
    }

    @Test("case names are unique, so a filter or a failure names one behaviour")
    func uniqueNames() {
        let names = FileTreeContract.cases.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(names.count >= 20)
    }
}

/// Keys nodes by `String` (so NFC and NFD names merge), sorts whole paths as strings, never
/// reports a file on the way, lets excluded folders' contents through, removes full folders,
/// replaces on move and copy, ignores `expected`, the time and the permissions when copying,
/// sets every permission bit asked for (on a link too), and
/// "stages" a copy straight at its destination, which commit then reports as placed and discard
/// leaves.
final class SloppyTree: TreeScanning, TreeMutating, FileCopying {
    struct Node {
        var kind: EntryKind
        var data = Data()
        var time: Int64 = 0
        var permissions: UInt32 = 0o644
        var target: String?
        var id: UInt64 = 0
    }

    let nodes = Mutex<[String: Node]>(["/src": Node(kind: .directory), "/dst": Node(kind: .directory)])
    private let nextID = Atomic<UInt64>(1)

    var fixture: FileTreeContractFixture {
        FileTreeContractFixture(
            scanner: self, mutator: self, copier: self,
            source: URL(filePath: "/src", directoryHint: .isDirectory),
            destination: URL(filePath: "/dst", directoryHint: .isDirectory),
            makeFile: { [self] url, data, time, permissions in
                put(Node(kind: .file, data: data, time: time, permissions: permissions), at: url.path)
            },
            makeFolder: { [self] url in put(Node(kind: .directory), at: url.path) },
            makeSymbolicLink: { [self] url, target in put(Node(kind: .symbolicLink, target: target), at: url.path) },
            readFile: { [self] url in
                guard let data = nodes.withLock({ $0[url.path]?.data }) else { throw TreeError.notFound(.root) }
                return data
            },
            listFolder: { [self] url in
                let prefix = url.path.hasSuffix("/") ? url.path : url.path + "/"
                return nodes.withLock { nodes in
                    nodes.keys.filter { $0.hasPrefix(prefix) && !$0.dropFirst(prefix.count).contains("/") }
                        .map { String($0.dropFirst(prefix.count)) }
                }
            },
            makeNamedPipe: { [self] url in put(Node(kind: .file), at: url.path) })  // it knows no special files
    }

    func put(_ node: Node, at key: String) {
        var node = node
        node.id = nextID.wrappingAdd(1, ordering: .relaxed).newValue
        nodes.withLock { $0[key] = node }
    }

    func key(_ path: RelativePath, _ root: URL) -> String {
        let base = root.path.hasSuffix("/") ? String(root.path.dropLast()) : root.path
        return path.isRoot ? base : base + "/" + path.text
    }

    func checkRoot(_ root: URL) throws {
        guard nodes.withLock({ $0[key(.root, root)]?.kind }) == .directory else {
            throw TreeError.rootUnavailable(root.path)
        }
    }

    private func entry(_ node: Node, _ path: RelativePath) -> TreeEntry {
        TreeEntry(
            path: path, kind: node.kind,
            size: Int64(node.kind == .symbolicLink ? node.target?.utf8.count ?? 0 : node.data.count),
            modificationNanoseconds: node.time, identity: FileIdentity(device: 9, inode: node.id),
            permissions: node.permissions, linkTarget: node.target)
    }

    func scan(root: URL, excluding: (RelativePath, EntryKind) -> Bool) throws -> TreeScan {
        try checkRoot(root)
        let prefix = key(.root, root) + "/"
        let found = nodes.withLock { $0.filter { $0.key.hasPrefix(prefix) } }
        let entries = try found.compactMap { (name, node) -> TreeEntry? in
            let path = try RelativePath(String(name.dropFirst(prefix.count)))
            return excluding(path, node.kind) ? nil : entry(node, path)
        }
        return TreeScan(entries: entries.sorted { $0.path.text < $1.path.text })
    }

    func entry(at path: RelativePath, in root: URL) throws -> TreeEntry? {
        try checkRoot(root)
        return nodes.withLock { $0[key(path, root)] }.map { entry($0, path) }
    }

    func makeDirectory(_ path: RelativePath, in root: URL) throws {
        try checkRoot(root)
        try nodes.withLock { nodes in
            guard nodes[key(path, root)] == nil else { throw TreeError.alreadyExists(path) }
            guard nodes[key(path.parent, root)] != nil else { throw TreeError.notFound(path) }
        }
        put(Node(kind: .directory), at: key(path, root))
    }

    func removeItem(_ path: RelativePath, in root: URL) throws {
        try checkRoot(root)
        let target = key(path, root)
        try nodes.withLock { nodes in
            guard nodes[target] != nil else { throw TreeError.notFound(path) }
            for name in nodes.keys where name == target || name.hasPrefix(target + "/") { nodes[name] = nil }
        }
    }

    /// Sloppy on purpose: removes whatever is there, contents and all.
    func removeEmptyFolder(_ path: RelativePath, in root: URL) throws {
        try removeItem(path, in: root)
    }

    func flush(_ root: URL) throws {}

    /// Sloppy on purpose: keeps every bit, and sets a link's bits as if it were its target.
    func setPermissions(_ permissions: UInt32, of path: RelativePath, in root: URL) throws {
        try checkRoot(root)
        try nodes.withLock { nodes in
            guard nodes[key(path, root)] != nil else { throw TreeError.notFound(path) }
            nodes[key(path, root)]?.permissions = permissions
        }
    }

    func moveItem(_ source: RelativePath, to destination: RelativePath, in root: URL) throws {
        try checkRoot(root)
        try nodes.withLock { nodes in
            guard let node = nodes.removeValue(forKey: key(source, root)) else { throw TreeError.notFound(source) }
            nodes[key(destination, root)] = node
        }
    }

    func stageCopy(
        _ source: RelativePath, in sourceRoot: URL, expected: TreeEntry, to destination: RelativePath,
        in destinationRoot: URL
    ) throws -> StagedCopy {
        try checkRoot(sourceRoot)
        try checkRoot(destinationRoot)
        guard let node = nodes.withLock({ $0[key(source, sourceRoot)] }) else { throw TreeError.notFound(source) }
        put(Node(kind: .file, data: node.data), at: key(destination, destinationRoot))
        let written = try entry(at: destination, in: destinationRoot) ?? expected
        return StagedCopy(destination: destination, temporaryName: destination.name, entry: written)
    }

    func commit(_ staged: [StagedCopy], in destinationRoot: URL) -> [Result<TreeEntry, TreeError>] {
        staged.map { .success($0.entry) }
    }

    func discard(_ staged: [StagedCopy], in destinationRoot: URL) {}

    func digest(of path: RelativePath, in root: URL) throws -> ContentDigest {
        try checkRoot(root)
        guard let data = nodes.withLock({ $0[key(path, root)]?.data }) else { throw TreeError.notFound(path) }
        return ContentDigest(of: data)
    }
}
