import Foundation

extension TreeError {
    /// The error for a copy whose batch commit gave no result (an implementation's bug, reported
    /// as an input/output failure of that copy rather than a crash).
    public static func missingCommitResult(_ path: RelativePath) -> TreeError {
        .io(path: path, code: EIO, message: "no commit result was given for the copy")
    }
}
