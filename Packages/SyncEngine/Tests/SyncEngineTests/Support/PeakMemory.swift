import Foundation

/// The process's resident memory as Linux counts it (`/proc/self/status`), for the engine
/// benchmark: what one step added at its peak, apart from what the process held before it.
enum PeakMemory {
    /// Runs `body` and returns its result with the most resident bytes the process held while it
    /// ran above what it held just before (0 where `/proc` cannot tell). The kernel's peak is
    /// reset first (`clear_refs` 5), so the figure is this step's own.
    static func measure<T>(_ body: () async throws -> T) async rethrows -> (T, bytes: Int) {
        try? Data("5".utf8).write(to: URL(filePath: "/proc/self/clear_refs"))
        let before = field("VmRSS")
        let value = try await body()
        return (value, max(0, field("VmHWM") - before))
    }

    /// A `/proc/self/status` field given in kB, in bytes (0 when missing).
    private static func field(_ name: String) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
            let digits = line.dropFirst(name.count + 1).filter(\.isNumber)
            return (Int(digits) ?? 0) * 1024
        }
        return 0
    }
}
