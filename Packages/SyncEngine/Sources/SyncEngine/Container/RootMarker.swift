import FileAccessorInterface
import Foundation

/// The file at each side's root that says "this folder is a synced root of this pair". A side that
/// synced before and has lost its marker is refused: an unmounted drive, a deleted or moved folder
/// must never read as "everything was deleted".
enum RootMarker {
    static let fileName = ".synccli-root"

    static func url(in root: URL) -> URL { root.appending(path: fileName) }

    static func exists(in root: URL, accessor: any FileAccessorProviding) -> Bool {
        accessor.fileExists(at: url(in: root))
    }

    static func write(in root: URL, pair: String, accessor: any FileAccessorProviding) throws {
        let body = Data("{\"pair\":\(String(reflecting: pair)),\"tool\":\"synccli\",\"version\":1}\n".utf8)
        do {
            try accessor.write(body, to: url(in: root))
        } catch {
            throw SyncError.wrap(error, path: url(in: root).path)
        }
    }
}
