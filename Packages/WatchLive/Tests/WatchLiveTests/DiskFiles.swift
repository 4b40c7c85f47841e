import Foundation
import WatchContract

/// The contract's file operations on the real disk.
struct DiskFiles: WatchContractFiles {
    func makeFolder(at url: URL) throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
    }

    func writeFile(at url: URL, contents: String) throws {
        try Data(contents.utf8).write(to: url)
    }

    func remove(at url: URL) throws {
        try FileManager.default.removeItem(at: url)
    }

    func move(from source: URL, to destination: URL) throws {
        try FileManager.default.moveItem(at: source, to: destination)
    }

    func makeLink(at url: URL, to target: URL) throws {
        try FileManager.default.createSymbolicLink(at: url, withDestinationURL: target)
    }
}
