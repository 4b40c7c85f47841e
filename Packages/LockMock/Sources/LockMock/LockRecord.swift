import Foundation

/// What a lock file of the mock world holds: the holder's text and the process generation
/// (``MockWorld/restartCount``) that took the lock.
struct LockRecord: Equatable {
    let generation: Int
    let holder: String

    /// `<generation>\n<holder>`.
    var encoded: Data { Data("\(generation)\n".utf8) + Data(holder.utf8) }

    init(generation: Int, holder: String) {
        self.generation = generation
        self.holder = holder
    }

    /// Reads a record; nil when `data` is not one (a file someone else put there).
    init?(_ data: Data) {
        guard let newline = data.firstIndex(of: UInt8(ascii: "\n")),
            let generation = Int(String(decoding: data[..<newline], as: UTF8.self))
        else { return nil }
        self.generation = generation
        holder = String(decoding: data[data.index(after: newline)...], as: UTF8.self)
    }
}
