public import FileTreeInterface
import Foundation

/// One implementation of the file tree trio with a world of its own to set up: the Live one in a
/// temporary folder, or the Mock one on a fresh world.
///
/// The base folder holds two roots (`root`, `other`) and a folder `outside` no root contains.
public protocol TreeSide: Sendable {
    /// A short name for reports: `Live` or `Mock`.
    var name: String { get }
    /// The scanner under test.
    var scanner: any TreeScanning { get }
    /// The mutator under test.
    var mutator: any TreeMutating { get }
    /// The copier under test.
    var copier: any FileCopying { get }
    /// The base folder's absolute path, without a trailing slash.
    var basePath: String { get }

    /// Makes one change directly, without the implementations under test.
    /// - Throws: ``CannotModel`` when this side has no way to hold what the step makes (the case
    ///   is then skipped on this side, with the reason); any other error is a broken setup.
    func apply(_ step: Step) throws
}

extension TreeSide {
    /// The URL of a root.
    func url(of root: Root) -> URL {
        URL(filePath: basePath + "/" + root.path, directoryHint: .isDirectory)
    }
}

/// A step one side cannot model, with the reason; the case is counted as skipped on that side.
public struct CannotModel: Error, Sendable, CustomStringConvertible {
    /// Why the side cannot hold what the step makes.
    public let reason: String

    /// Creates the refusal.
    public init(_ reason: String) { self.reason = reason }

    public var description: String { reason }
}
