public import FileTreeInterface
public import Foundation
import POSIXSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The production ``TreeScanning``: lists a tree with `openat`, `fdopendir`/`readdir`,
/// `fstatat(AT_SYMLINK_NOFOLLOW)` and `readlinkat`, never `FileManager`.
///
/// - Every folder is opened relative to its parent with `O_NOFOLLOW|O_DIRECTORY`: a symbolic link
///   is reported as a link (with its target text) and never entered, so a scan cannot leave its
///   root.
/// - Entries come out in ``RelativePath`` order (bytes, component by component): each folder's
///   names are sorted by their bytes and walked depth-first.
/// - What cannot be read is reported in ``TreeScan/problems`` and skipped: a folder that cannot be
///   listed (its entry is still listed; its contents are unknown), a name that is not valid UTF-8,
///   a device, socket or pipe. An entry that vanishes between `readdir` and `fstatat` is simply
///   not there.
/// - Names are not filtered here (not even this project's temporary files): that is the caller's
///   `excluding`.
///
/// ```swift
/// let scan = try POSIXTreeScanner().scan(root: URL(filePath: "/home/me/Documents")) { path, _ in
///     path.name.hasPrefix(".synccli")
/// }
/// ```
public struct POSIXTreeScanner: TreeScanning {
    /// The root folders this scanner works in, each opened once (see ``RootDescriptors``).
    public let roots: RootDescriptors

    /// Creates the scanner.
    /// - Parameter roots: the root folders it shares with the mutator and copier of the same
    ///   sync; by default a set of its own.
    public init(roots: RootDescriptors = RootDescriptors()) {
        self.roots = roots
    }

    public func scan(root: URL, excluding: (RelativePath, EntryKind) -> Bool) throws -> TreeScan {
        let tree = try roots.tree(root)
        let folder: FileDescriptor
        do {
            folder = try tree.forListing()
        } catch {
            throw TreeError.rootUnavailable(root.path(percentEncoded: false))  // as when the root cannot be opened
        }
        var scan = TreeScan(entries: [])
        Self.walk(folder, at: .root, into: &scan, excluding: excluding)
        return scan
    }

    public func entry(at path: RelativePath, in root: URL) throws -> TreeEntry? {
        let tree = try roots.tree(root)
        if path.isRoot {
            let status: FileStatus
            do {
                status = try FileStatus.of(descriptor: tree.folder)
            } catch {
                throw TreeError(error, path: path)
            }
            return TreeEntry(path: path, status: status)
        }
        do {
            return try tree.withParent(of: path) { parent in try Self.entry(named: path.name, in: parent, path: path) }
        } catch TreeError.notFound {
            return nil
        }
    }

    // MARK: Walking

    /// Byte order of two names, read in place (`lexicographicallyPrecedes` on arrays cost the
    /// sort of a scan of 10,000 files 9 M instructions).
    private static func bytesPrecede(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Bool {
        for index in 0..<min(left.count, right.count) where left[index] != right[index] {
            return left[index] < right[index]
        }
        return left.count < right.count
    }

    /// The positions of `names` in the names' byte order. Each is sorted by its first eight bytes
    /// read as one number, and compared byte by byte only when those are equal: sorting the names
    /// themselves cost 480 instructions a name, 6% of a no-op sync (an array of arrays moved and
    /// compared through a closure).
    static func inByteOrder(_ names: RawNames) -> [Int] {
        names.bytes.withUnsafeBufferPointer { all in
            let ranges = names.ranges
            func name(_ position: Int) -> UnsafeBufferPointer<UInt8> {
                UnsafeBufferPointer(rebasing: all[ranges[position]])
            }
            var order = ranges.indices.map { (prefix: leadingBytes(of: name($0)), position: $0) }
            order.sort { left, right in
                left.prefix != right.prefix
                    ? left.prefix < right.prefix : bytesPrecede(name(left.position), name(right.position))
            }
            return order.map(\.position)
        }
    }

    /// A name's first eight bytes as a big-endian number, zero-padded: in the order of the names
    /// themselves wherever it differs (a name holds no zero byte, so a shorter name comes first).
    private static func leadingBytes(of name: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var key: UInt64 = 0
        for index in 0..<8 { key = key << 8 | UInt64(index < name.count ? name[index] : 0) }
        return key
    }

    /// A name's bytes as text, or nil when they are not valid UTF-8. An ASCII name (nearly every
    /// one) is made without the generic validation, which looked up two type descriptions a name
    /// at run time (7% of a no-op sync's instructions).
    static func text(of raw: ArraySlice<UInt8>) -> String? {
        raw.withUnsafeBufferPointer { bytes in
            bytes.allSatisfy { $0 < 0x80 }
                ? String(decoding: bytes, as: UTF8.self) : String(validating: bytes, as: UTF8.self)
        }
    }

    /// Appends the entries of `folder` (at `path`) and of its subfolders, in order.
    private static func walk(
        _ folder: borrowing FileDescriptor, at path: RelativePath, into scan: inout TreeScan,
        excluding: (RelativePath, EntryKind) -> Bool
    ) {
        let names: RawNames
        do {
            names = try DirectoryListing.rawNames(in: folder)
        } catch {
            scan.problems.append(ScanProblem(path: path, reason: "cannot be listed: \(error.message)"))
            return
        }
        for position in inByteOrder(names) {
            let raw = names[position]
            guard let name = text(of: raw), let child = try? path.appending(name) else {
                scan.problems.append(
                    ScanProblem(
                        path: path, reason: "skipped a name that is not valid UTF-8: \(escaped(raw))",
                        extent: .nameInFolder))
                continue
            }
            let status: FileStatus
            do {
                status = try FileStatus.of(name, in: folder)
            } catch  where error.code == ENOENT {
                continue
            } catch {
                scan.problems.append(ScanProblem(path: child, reason: "cannot be examined: \(error.message)"))
                continue
            }
            guard let kind = EntryKind(status.kind) else {
                scan.problems.append(
                    ScanProblem(
                        path: child, reason: "skipped: not a file, folder or symbolic link (a device, socket or pipe)"))
                continue
            }
            if excluding(child, kind) { continue }
            var target: String?
            if kind == .symbolicLink {
                do {
                    target = try SymbolicLink.target(of: name, in: folder)
                } catch {
                    scan.problems.append(ScanProblem(path: child, reason: "link cannot be read: \(error.message)"))
                    continue
                }
            }
            guard let entry = TreeEntry(path: child, status: status, linkTarget: target) else { continue }
            scan.entries.append(entry)
            if kind == .directory {
                do {
                    let sub = try FileDescriptor.folder(named: name, in: folder)
                    walk(sub, at: child, into: &scan, excluding: excluding)
                } catch {
                    scan.problems.append(ScanProblem(path: child, reason: "cannot be opened: \(error.message)"))
                }
            }
        }
    }

    /// The entry `name` of an open folder, or nil when nothing is there.
    static func entry(named name: String, in folder: borrowing FileDescriptor, path: RelativePath) throws -> TreeEntry?
    {
        let status: FileStatus
        do {
            status = try FileStatus.of(name, in: folder)
        } catch  where error.code == ENOENT {
            return nil
        } catch {
            throw TreeError(error, path: path)
        }
        var target: String?
        if status.kind == .symbolicLink {
            do {
                target = try SymbolicLink.target(of: name, in: folder)
            } catch {
                throw TreeError(error, path: path)
            }
        }
        guard let entry = TreeEntry(path: path, status: status, linkTarget: target) else {
            throw TreeError.io(path: path, code: EINVAL, message: "not a file, folder or symbolic link")
        }
        return entry
    }

    /// A name's bytes as text, with every byte that is not printable ASCII as `\xHH`.
    private static func escaped(_ raw: ArraySlice<UInt8>) -> String {
        raw.map { byte in
            (0x20..<0x7F).contains(byte) && byte != UInt8(ascii: "\\")
                ? String(UnicodeScalar(byte)) : "\\x" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
        }.joined()
    }
}

extension SystemCallError {
    /// The system's text for the error, for a scan problem.
    var message: String { SystemCallError.message(for: code) }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
