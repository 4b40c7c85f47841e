import FileAccessorInterface
import Foundation

extension FileAccessorProviding {
    /// The file's bytes, or nil when it does not exist (a fresh container, a first sync, no
    /// ignore file); any other failure is wrapped in ``SyncError`` with the path.
    func readIfPresent(_ url: URL) throws -> Data? {
        do {
            return try read(from: url)
        } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
            return nil
        } catch {
            throw SyncError.wrap(error, path: url.path)
        }
    }
}
