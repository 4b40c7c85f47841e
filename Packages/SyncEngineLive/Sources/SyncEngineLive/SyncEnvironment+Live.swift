public import Foundation
import POSIXSupport
public import SyncEngine

extension SyncEnvironment {
    /// This machine: four parallel copies, its host name (or `$SYNCCLI_MACHINE`), the state folder
    /// `$XDG_STATE_HOME/synccli` (a ``LiveStateFolder``: made 0700 on the engine's first write
    /// there, not now), the system clock, and this process as the lock holder.
    /// - Parameter environment: the variables to read; the process's own by default.
    public static func live(environment: [String: String] = ProcessInfo.processInfo.environment) -> SyncEnvironment {
        let state = XDGDirectories(environment: environment).state.appending(
            path: "synccli", directoryHint: .isDirectory)
        let machine =
            environment["SYNCCLI_MACHINE"].flatMap { $0.isEmpty ? nil : $0 } ?? ProcessInfo.processInfo.hostName
        let holder =
            "synccli pid \(ProcessInfo.processInfo.processIdentifier) on \(machine) since \(Date().formatted(.iso8601))"
        var live = SyncEnvironment(machineName: machine, state: LiveStateFolder(state), lockHolder: holder)
        live.copyWorkers = 4
        return live
    }
}
