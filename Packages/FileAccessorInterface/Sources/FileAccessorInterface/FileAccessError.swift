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

    /// The error for a path that no file can have (a NUL byte in it): `.fileReadInvalidFileName`
    /// or `.fileWriteInvalidFileName`, with `NSUnderlyingError` = `POSIXError(EINVAL)`. A C call
    /// would cut the path at the NUL and touch the file the prefix names; implementations refuse
    /// it before any call.
    /// - Parameters:
    ///   - path: the path as given.
    ///   - operation: read or write.
    /// - Returns: the matching `CocoaError`.
    public static func invalidName(path: String, during operation: Operation) -> CocoaError {
        let code: CocoaError.Code = operation == .read ? .fileReadInvalidFileName : .fileWriteInvalidFileName
        return CocoaError(code, userInfo: [NSFilePathErrorKey: path, NSUnderlyingErrorKey: POSIXError(.EINVAL)])
    }

    /// Whether `url`'s path holds a NUL byte, which no file name can.
    public static func holdsNUL(_ url: URL) -> Bool {
        url.path(percentEncoded: false).utf8.contains(0)
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
