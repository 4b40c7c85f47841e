import LockInterface
import POSIXSupport
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A lock ``FileLock`` took: the open, `flock`ed lock file.
///
/// ``release()`` empties the file (so no one reads a finished holder's text) and closes it, which
/// drops the `flock`; later calls find no descriptor and do nothing. Dropping the last reference
/// releases it too. The file itself stays.
final class FileHeldLock: HeldLock {
    private let file: Mutex<FileDescriptor?>

    init(_ file: consuming sending FileDescriptor) {
        self.file = Mutex(Optional(file))
    }

    func release() {
        file.withLock { file in
            guard var open = file.take() else { return }
            _ = ftruncate(open.rawValue, 0)
            try? open.close()
        }
    }

    deinit {
        release()
    }
}
