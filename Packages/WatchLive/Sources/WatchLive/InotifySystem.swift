/// The system calls the watch logic makes, behind a seam so tests feed it records (an
/// overflow, a folder vanishing mid-scan) without a kernel.
protocol InotifySystem {
    /// Adds (or refreshes) the watch of the folder at `path` (absolute, raw bytes).
    /// - Returns: the watch descriptor, or the `errno` of the failure.
    func addWatch(_ path: [UInt8]) -> Result<Int32, InotifyFailure>
    /// Removes a watch; a descriptor already gone is fine.
    func removeWatch(_ descriptor: Int32)
    /// The entries of the folder at `path` (absolute, raw bytes), each with whether it is a folder
    /// (a link is never one), or the `errno` of the failure.
    func listFolder(_ path: [UInt8]) -> Result<[(name: [UInt8], isFolder: Bool)], InotifyFailure>
}

/// A failed call: its `errno` and text.
struct InotifyFailure: Error, Equatable {
    let code: Int32
    let message: String
}
