public import Foundation

extension FileAccessError {
    /// What went wrong with a file operation, in words a person reads, without the path: from
    /// the error's code and, for the codes that only say "unknown" (256, 512), from its
    /// underlying `POSIXError` (`EISDIR`: "is a folder, not a file"; `ENOTDIR`: "a file is where a
    /// folder should be"; `ELOOP`: "is a symbolic link ..."), never "file error 256".
    /// - Parameter error: an error a file accessor threw.
    /// - Returns: one clause, such as "no such file" or "the disk is full".
    public static func reason(of error: CocoaError) -> String {
        let errno = underlyingErrno(of: error)
        switch error.code {
        case .fileReadNoSuchFile, .fileNoSuchFile: return "no such file"
        case .fileReadNoPermission, .fileWriteNoPermission: return "permission denied"
        case .fileWriteOutOfSpace: return "the disk is full"
        case .fileWriteVolumeReadOnly: return "the volume is read-only"
        case .fileReadCorruptFile: return "the file is corrupt"
        case .fileWriteFileExists: return "already exists"
        case .fileReadInvalidFileName, .fileWriteInvalidFileName:
            return errno == POSIXErrorCode.ENAMETOOLONG.rawValue
                ? "the name is too long" : "is not a valid file name (it holds a NUL byte)"
        default: break
        }
        if let errno, let sentence = sentence(for: errno) { return sentence }
        let verb = error.code.rawValue >= CocoaError.Code.fileWriteUnknown.rawValue ? "written" : "read"
        return errno.map { "could not be \(verb) (errno \($0))" } ?? "could not be \(verb)"
    }

    /// A sentence for the `errno` values file operations meet, or nil.
    private static func sentence(for errno: Int32) -> String? {
        switch POSIXErrorCode(rawValue: errno) {
        case .EISDIR: "is a folder, not a file"
        case .ENOTDIR: "a file is where a folder should be"
        case .ELOOP: "is a symbolic link; links are never followed"
        case .ENOENT: "no such file"
        case .EACCES, .EPERM: "permission denied"
        case .ENOSPC, .EDQUOT: "the disk is full"
        case .EROFS: "the volume is read-only"
        case .EEXIST: "already exists"
        case .ENAMETOOLONG: "the name is too long"
        case .EIO: "an input/output error (the disk or the network failed)"
        case .EXDEV: "is on another file system"
        case .ENOTEMPTY: "the folder is not empty"
        case .EBUSY: "is busy (a mount point?)"
        case .ENXIO: "is a special file with no device behind it"
        default: nil
        }
    }
}
