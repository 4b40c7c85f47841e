/// synccli's documented exit codes.
public enum ExitCode: Int32, Sendable, CaseIterable {
    /// Done.
    case success = 0
    /// `sync` or `apply` done, but some paths failed, were skipped or were left out of sync (each
    /// is one line on standard error, in every mode).
    case partial = 1
    /// Usage error: unknown command or flag, bad value, missing argument.
    case usage = 2
    /// Refused by a safety guard: a missing root marker, too many deletions, a path escaping the
    /// root, a folder that is missing or not a folder.
    case refused = 3
    /// The container is not available.
    case containerUnavailable = 4
    /// Another sync of this pair is running.
    case locked = 5
}

extension ExitCode: Comparable {
    /// Codes compare by number: the worst of several outcomes is the largest.
    public static func < (lhs: ExitCode, rhs: ExitCode) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension ExitCode {
    /// What the code means, in the words of the README's table and the manual page.
    var meaning: String {
        switch self {
        case .success: "done"
        case .partial: "sync or apply done, but some paths failed, were skipped or were left out of sync"
        case .usage: "usage error: unknown command or flag, bad value, missing argument"
        case .refused: "refused by a safety guard: root marker, too many deletions, unsafe path, missing folder"
        case .containerUnavailable: "the container is not available"
        case .locked: "another sync of this pair is running"
        }
    }
}
