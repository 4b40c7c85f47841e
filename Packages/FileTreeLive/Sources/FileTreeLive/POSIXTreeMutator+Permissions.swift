public import FileTreeInterface
public import Foundation
import POSIXSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension POSIXTreeMutator {
    /// Sets the bits with ``FolderEntry/setPermissions(_:named:in:syncing:)`` in the confined
    /// parent folder: masked to `0o777`, `fchmod` on the entry opened with `O_NOFOLLOW`, so a link
    /// is refused (`io` with `ELOOP`) and its target never changes.
    public func setPermissions(_ permissions: UInt32, of path: RelativePath, in root: URL) throws {
        let tree = try roots.tree(root)
        guard !path.isRoot else { throw TreeError.rootOperand }
        try tree.withParent(of: path) { parent in
            do throws(SystemCallError) {
                try FolderEntry.setPermissions(permissions, named: path.name, in: parent, syncing: syncsEachChange)
                if !syncsEachChange { pending.recordEverything(in: root) }
            } catch  where error.code == ELOOP || error.code == EINVAL || error.code == EOPNOTSUPP {
                throw TreeError.io(path, error.code == EOPNOTSUPP ? ELOOP : error.code)  // a link, or a special file
            } catch {
                throw TreeError(error, path: path)
            }
        }
    }
}
