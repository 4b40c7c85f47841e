import Foundation
import Synchronization

/// Writes to standard output and standard error without ever trapping: when what is behind them
/// fails (`> /dev/full`, a full disk), the first failure is remembered and the run ends with exit 1
/// and one line saying so, instead of Foundation's trap in `FileHandle.write(_:)`.
enum Output {
    private static let firstFailure = Mutex<String?>(nil)

    /// Writes `data` to `handle`, remembering a failure.
    static func write(_ data: Data, to handle: FileHandle) {
        do {
            try handle.write(contentsOf: data)
        } catch {
            firstFailure.withLock { $0 = $0 ?? error.localizedDescription }
        }
    }

    /// The first failed write's reason, if any.
    static var failure: String? { firstFailure.withLock { $0 } }
}
