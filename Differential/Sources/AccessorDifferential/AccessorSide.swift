import FileAccessorInterface
import Foundation

/// One implementation and the tree it works in, running steps and saying what each did in words
/// both sides share (the base folder written `$BASE`, errors by kind and `errno`, never message
/// text).
protocol AccessorSide {
    /// The base folder's path, without a trailing slash.
    var base: String { get }
    /// The accessor under test.
    var accessor: any FileAccessorProviding { get }
    /// A direct change at `path` (absolute); nil on success, else the `errno`.
    func makeFolder(_ path: String) -> Int32?
    func remove(_ path: String) -> Int32?
    func rename(_ from: String, _ to: String) -> Int32?
    func link(_ path: String, target: String) -> Int32?
}

extension AccessorSide {
    /// Runs `step` and returns what it did, as one line.
    func run(_ step: AccessorStep) -> String {
        func at(_ relative: String) -> String { base + "/" + relative }
        func change(_ failure: Int32?) -> String { failure.map { "errno \($0)" } ?? "ok" }
        switch step {
        case .write(let path, let contents):
            do {
                try accessor.write(Data(contents.utf8), to: URL(filePath: at(path)))
                return "ok"
            } catch {
                return describe(error)
            }
        case .read(let path):
            do {
                return "ok " + String(decoding: try accessor.read(from: URL(filePath: at(path))), as: UTF8.self)
            } catch {
                return describe(error)
            }
        case .exists(let path):
            return accessor.fileExists(at: URL(filePath: at(path))) ? "exists" : "absent"
        case .makeFolder(let name): return change(makeFolder(at(name)))
        case .remove(let name): return change(remove(at(name)))
        case .rename(let from, let to): return change(rename(at(from), at(to)))
        case .link(let name, let target): return change(link(at(name), target: target))
        }
    }

    /// An accessor's error in the shared words.
    func describe(_ error: any Error) -> String {
        if let refusal = error as? FileAccessRefusal {
            return "refused " + String(describing: refusal).replacingOccurrences(of: base, with: "$BASE")
        }
        if let cocoa = error as? CocoaError {
            return "CocoaError \(cocoa.code.rawValue) errno \(FileAccessError.underlyingErrno(of: cocoa) ?? -1)"
        }
        return "unexpected \(type(of: error)): \(error)"
    }
}
