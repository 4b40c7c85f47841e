import Foundation
import WatchInterface

/// A `FolderWatching` that leaves out changes to synccli's own files (every name starting with
/// `.synccli`: root markers, the trash, staged copies, locks), so a sync's own bookkeeping never
/// triggers another sync. Every other event passes unchanged, overflows and ends included.
struct OwnFilesIgnoringWatching: FolderWatching {
    /// The watching it filters.
    let base: any FolderWatching

    func watch(_ root: URL, onEvent: @escaping @Sendable (WatchEvent) -> Void) throws -> any FolderWatch {
        try base.watch(root) { event in
            if case .changed(let path) = event, Self.isOwn(path) { return }
            onEvent(event)
        }
    }

    /// Whether a relative path is synccli's own (a component starts with `.synccli`).
    static func isOwn(_ path: String) -> Bool {
        path.split(separator: "/").contains { $0.hasPrefix(".synccli") }
    }
}
