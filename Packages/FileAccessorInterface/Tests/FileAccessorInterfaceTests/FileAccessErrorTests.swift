import FileAccessorInterface
import Foundation
import Testing

@Suite("FileAccessError")
struct FileAccessErrorTests {
    @Test(
        "errno maps to the CocoaError code Foundation uses",
        arguments: [
            (ENOENT, FileAccessError.Operation.read, 260), (ENOENT, .write, 4),
            (EACCES, .read, 257), (EACCES, .write, 513), (ENOSPC, .write, 640), (EDQUOT, .write, 640),
            (EROFS, .write, 642), (EEXIST, .write, 516), (ENAMETOOLONG, .read, 258),
            (ENAMETOOLONG, .write, 514), (EISDIR, .read, 256), (ENOTDIR, .write, 512),
        ])
    func code(errno: Int32, operation: FileAccessError.Operation, expected: Int) {
        #expect(FileAccessError.code(for: errno, during: operation).rawValue == expected)
    }

    @Test("the error carries the path and the errno")
    func userInfo() {
        let error = FileAccessError.cocoaError(errno: EACCES, path: "/x/y", during: .read)
        #expect(error.code == .fileReadNoPermission)
        #expect(error.userInfo[NSFilePathErrorKey] as? String == "/x/y")
        #expect(FileAccessError.underlyingErrno(of: error) == EACCES)
    }
}
