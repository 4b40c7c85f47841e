import FileSystemInterface
import FileTreeInterface
import Foundation

extension SyncManager {
    /// Takes the lock of `pair` in its container when the container is a side other machines
    /// reach directly (a server: ``FileTreeInterface/SideLocking``); a folder container needs none
    /// beyond this machine's pair lock (nil).
    /// - Throws: ``SyncError/pairLocked(holder:)`` while another machine holds it,
    ///   ``SyncError/containerUnreachable(_:)``, ``SyncError/containerNotAvailable`` when the
    ///   container's folder is not on the server, or another ``SyncError``.
    func acquireContainerLock(_ pair: SyncPair) throws -> (any SideLockHolding)? {
        guard let url = pair.container ?? dependencies.fileSystem.containerURL(for: .sync) else { return nil }
        guard let shared = try openSide(at: url) as? any SideLocking else { return nil }
        do {
            return try shared.lock(
                pair.name, holder: "\(environment.machineName) (\(environment.lockHolder))",
                machine: environment.machineName)
        } catch let held as SideLockHeld {
            throw SyncError.pairLocked(holder: held.description)
        } catch TreeError.rootUnavailable(_, reason: .unreachable(let reason)) {
            throw SyncError.containerUnreachable("\(Self.displayed(url)): \(reason)")
        } catch TreeError.rootUnavailable {
            throw SyncError.containerNotAvailable
        } catch {
            throw SyncError.wrap(error, path: Self.displayed(url))
        }
    }
}
