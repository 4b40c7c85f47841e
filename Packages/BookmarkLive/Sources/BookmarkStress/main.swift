// A second process for DefaultBookmarkStorage's cross-process tests.
//
// Usage: BookmarkStress <store-folder> <writer-name> <count> same|distinct
// Saves <count> values: `same` writes them all to the key "shared", `distinct` to
// "<writer-name>-<i>". Every value is self-describing ("<writer-name>:<i>:" followed by filler) so
// a reader can tell a torn value from a whole one; in `same` mode each save is read back and must
// be whole. Prints "<writer-name>: saved N, read back M"; exits 1 with one line on the first error.
import BookmarkLive
import Foundation

let arguments = CommandLine.arguments
guard arguments.count == 5, let count = Int(arguments[3]), ["same", "distinct"].contains(arguments[4]) else {
    FileHandle.standardError.write(
        Data("usage: BookmarkStress <store-folder> <writer-name> <count> same|distinct\n".utf8))
    exit(2)
}
let storage = DefaultBookmarkStorage(folder: URL(filePath: arguments[1], directoryHint: .isDirectory))
let writer = arguments[2]
var reads = 0
for index in 0..<count {
    let value = Data("\(writer):\(index):".utf8) + Data(repeating: UInt8(ascii: "x"), count: 4096)
    let key = arguments[4] == "same" ? "shared" : "\(writer)-\(index)"
    do {
        try storage.saveBookmark(value, for: key)
        if arguments[4] == "same" {
            // The other writer may have saved since: whichever value is there must be whole.
            let read = try storage.loadBookmark(for: key) ?? Data()
            let head = read.prefix { $0 != UInt8(ascii: "x") }
            guard read.count == head.count + 4096, head.split(separator: UInt8(ascii: ":")).count == 2 else {
                FileHandle.standardError.write(Data("BookmarkStress: a torn value was read back\n".utf8))
                exit(1)
            }
            reads += 1
        }
    } catch {
        FileHandle.standardError.write(Data("BookmarkStress: \(error)\n".utf8))
        exit(1)
    }
}
print("\(writer): saved \(count), read back \(reads)")
