import FileTreeInterface
import Foundation
import InMemorySupport

/// Odd entries for the tests of hostile input: links, names that are not UTF-8, files re-created
/// with their time kept, files with a chosen time.
extension TestRig {
    /// Makes a symbolic link at `path` below `root` (creating its folders).
    func link(_ path: String, to target: String, in root: URL) throws {
        let key = PathKey(root.appending(path: path))
        try world.withTree {
            try $0.makeDirectory(at: key.parent, intermediate: true)
            try $0.makeSymbolicLink(at: key, target: target)
        }
    }

    /// Writes a file whose name (in the folder `folder` below `root`) is the raw `name` bytes.
    func put(_ text: String, rawName name: [UInt8], in folder: String, of root: URL) throws {
        let base = folder.isEmpty ? PathKey(root) : PathKey(root.appending(path: folder))
        try world.withTree {
            try $0.makeDirectory(at: base, intermediate: true)
            try $0.writeFile(Data(text.utf8), at: base.appending(name))
        }
    }

    /// Writes a file with a chosen modification time.
    func put(_ text: String, at path: String, in root: URL, time: Int64) throws {
        let key = PathKey(root.appending(path: path))
        try world.withTree {
            try $0.makeDirectory(at: key.parent, intermediate: true)
            try $0.writeFile(Data(text.utf8), at: key, modificationNanoseconds: time)
        }
    }

    /// Re-creates every file below `root` with the same bytes, permissions and time: only its
    /// identity changes (as a remount or a `cp -a` of the tree gives).
    func recreateEveryFile(below root: URL) throws {
        try world.withTree { tree in
            for key in tree.paths(below: PathKey(root)) {
                guard let entry = tree.entry(at: key), let data = entry.data else { continue }
                try tree.writeFile(
                    data, at: key, permissions: entry.permissions,
                    modificationNanoseconds: entry.modificationNanoseconds)
            }
        }
    }
}
