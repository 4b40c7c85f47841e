public import Foundation

/// The error vocabulary of ``FileAccessorProviding``: the `CocoaError` Foundation reports for an
/// `errno`, so a Live and a Mock implementation throw the same kinds for the same situations.
///
/// ```swift
/// throw FileAccessError.cocoaError(errno: ENOENT, path: url.path, during: .read)
/// ```
public enum FileAccessError {
    /// Whether the failed operation read or wrote; Foundation picks different codes for each.
    public enum Operation: Sendable {
        case read, write
    }

    /// The `CocoaError` Foundation uses for `errno` during `operation`, carrying
    /// `NSUnderlyingError` = `POSIXError(errno)` and `NSFilePath` = `path`.
    /// - Parameters:
    ///   - errno: the failed call's `errno` (`ENOENT`, `EACCES`, ...).
    ///   - path: the file's path.
    ///   - operation: read or write.
    /// - Returns: the matching `CocoaError`.
    public static func cocoaError(errno: Int32, path: String, during operation: Operation) -> CocoaError {
        var userInfo: [String: Any] = [NSFilePathErrorKey: path]
        if let code = POSIXErrorCode(rawValue: errno) {
            userInfo[NSUnderlyingErrorKey] = POSIXError(code)
        }
        return CocoaError(code(for: errno, during: operation), userInfo: userInfo)
    }

    /// The `CocoaError.Code` Foundation uses for `errno` during `operation`.
    public static func code(for errno: Int32, during operation: Operation) -> CocoaError.Code {
        switch (POSIXErrorCode(rawValue: errno), operation) {
        case (.ENOENT, .read): .fileReadNoSuchFile
        case (.ENOENT, .write): .fileNoSuchFile
        case (.EACCES, .read), (.EPERM, .read): .fileReadNoPermission
        case (.EACCES, .write), (.EPERM, .write): .fileWriteNoPermission
        case (.ENOSPC, .write), (.EDQUOT, .write): .fileWriteOutOfSpace
        case (.EROFS, .write): .fileWriteVolumeReadOnly
        case (.EEXIST, .write): .fileWriteFileExists
        case (.ENAMETOOLONG, .read): .fileReadInvalidFileName
        case (.ENAMETOOLONG, .write): .fileWriteInvalidFileName
        case (_, .read): .fileReadUnknown
        case (_, .write): .fileWriteUnknown
        }
    }

    /// The `errno` an error carries as its `NSUnderlyingError`, if it is a `POSIXError`.
    /// - Parameter error: an error thrown by a file accessor.
    /// - Returns: the `errno` value, or nil.
    public static func underlyingErrno(of error: any Error) -> Int32? {
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey]
        if let posix = underlying as? POSIXError { return posix.code.rawValue }
        if let nsError = underlying as? NSError, nsError.domain == NSPOSIXErrorDomain { return Int32(nsError.code) }
        return nil
    }
}
