import FileAccessorInterface
import Foundation
import POSIXSupport

extension BoundedReadError {
    /// The error ``DefaultFileAccessor`` throws for it: a failed call as the `CocoaError`
    /// Foundation uses for its `errno`, a refusal as ``FileAccessRefusal``.
    var fileAccessError: any Error { fileAccessError(during: .read) }

    /// The same, with a failed call said as failing `operation` (a write's codes differ).
    func fileAccessError(during operation: FileAccessError.Operation) -> any Error {
        switch self {
        case .system(let error):
            FileAccessError.cocoaError(errno: error.code, path: error.path, during: operation)
        case .symbolicLink(let path):
            FileAccessRefusal.symbolicLink(path: path)
        case .notARegularFile(let path, let kind):
            FileAccessRefusal.notARegularFile(path: path, kind: kind.refusalKind)
        case .tooLarge(let path, let size, let limit):
            FileAccessRefusal.tooLarge(path: path, size: size, limit: limit)
        }
    }
}

extension BoundedReadError.Kind {
    fileprivate var refusalKind: FileAccessRefusal.Kind {
        switch self {
        case .fifo: .fifo
        case .socket: .socket
        case .characterDevice: .characterDevice
        case .blockDevice: .blockDevice
        case .other: .other
        }
    }
}
