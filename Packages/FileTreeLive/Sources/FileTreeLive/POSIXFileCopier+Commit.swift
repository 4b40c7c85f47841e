public import FileTreeInterface
public import Foundation
import POSIXSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension POSIXFileCopier {
    public func commit(_ staged: [StagedCopy], in destinationRoot: URL) -> [Result<TreeEntry, TreeError>] {
        guard !staged.isEmpty else { return [] }
        let tree: TreeRoot
        do {
            tree = try roots.tree(destinationRoot)
        } catch {
            return staged.map { _ in .failure(error) }
        }
        var batch = CommitBatch(staged)
        batch.flush(.staged, in: tree)
        batch.place(in: tree)
        batch.flush(.placed, in: tree)
        return batch.results
    }

    public func discard(_ staged: [StagedCopy], in destinationRoot: URL) {
        guard !staged.isEmpty, let tree = try? roots.tree(destinationRoot) else { return }
        for (folder, indices) in CommitBatch.byFolder(staged) {
            try? tree.withFolder(folder, naming: folder) { descriptor in
                for index in indices { _ = unlinkat(descriptor.rawValue, staged[index].temporaryName, 0) }
            }
        }
    }
}

/// One ``POSIXFileCopier/commit(_:in:)``: where each copy stands, folder by folder.
private struct CommitBatch {
    enum Stage: Equatable {
        /// Written to its temporary file.
        case staged
        /// Renamed onto its destination.
        case placed
        /// Ended with an error; its temporary file is gone (or never was).
        case failed(TreeError)
    }

    let staged: [StagedCopy]
    private(set) var stages: [Stage]
    let folders: [(folder: RelativePath, indices: [Int])]

    init(_ staged: [StagedCopy]) {
        self.staged = staged
        stages = Array(repeating: .staged, count: staged.count)
        folders = Self.byFolder(staged)
    }

    /// The copies' indices by destination folder, folders in first-seen order.
    static func byFolder(_ staged: [StagedCopy]) -> [(folder: RelativePath, indices: [Int])] {
        var order: [RelativePath] = []
        var indices: [RelativePath: [Int]] = [:]
        for (index, copy) in staged.enumerated() {
            let folder = copy.destination.parent
            if indices[folder] == nil { order.append(folder) }
            indices[folder, default: []].append(index)
        }
        return order.map { ($0, indices[$0] ?? []) }
    }

    /// What each copy ended as.
    var results: [Result<TreeEntry, TreeError>] {
        zip(staged, stages).map { copy, stage in
            switch stage {
            case .placed: .success(copy.entry)
            case .failed(let error): .failure(error)
            case .staged: .failure(.notFound(copy.destination))  // not reached: place() ends every staged copy
            }
        }
    }

    /// `syncfs` once per file system holding a folder with copies at `stage`. When a folder
    /// cannot be reached or its file system's flush fails, its copies at `stage` fail with that
    /// error; staged ones have their temporary file removed (a placed copy stays where it is: its
    /// bytes are durable, only its name might not survive a crash).
    mutating func flush(_ stage: Stage, in tree: borrowing TreeRoot) {
        var flushed: [UInt64: TreeError?] = [:]
        for (folder, indices) in folders {
            let affected = indices.filter { stages[$0] == stage }
            guard let first = affected.first.map({ staged[$0].destination }) else { continue }
            let failure = Self.attempt(naming: first) {
                try tree.withFolder(folder, naming: first) { descriptor in
                    let device = try Self.device(of: descriptor, first)
                    // Without syncfs a flush covers this folder alone: flush every folder then.
                    if flushed[device] == nil || !FileDescriptor.hasFileSystemSync {
                        do throws(SystemCallError) {
                            try descriptor.syncFileSystem()
                            flushed[device] = .some(nil)
                        } catch {
                            flushed[device] = TreeError.io(first, error.code)
                        }
                    }
                    guard let failure = flushed[device] ?? nil else { return }
                    if stage == .staged {
                        for index in affected { _ = unlinkat(descriptor.rawValue, staged[index].temporaryName, 0) }
                    }
                    throw failure
                }
            }
            if let failure { for index in affected { stages[index] = .failed(failure) } }
        }
    }

    /// Renames each staged copy's temporary file onto its destination, never replacing anything;
    /// a copy that cannot be placed has its temporary file removed.
    mutating func place(in tree: borrowing TreeRoot) {
        for (folder, indices) in folders {
            let affected = indices.filter { stages[$0] == .staged }
            guard let first = affected.first.map({ staged[$0].destination }) else { continue }
            var placed: [Int: Stage] = [:]
            let failure = Self.attempt(naming: first) {
                try tree.withFolder(folder, naming: first) { descriptor in
                    for index in affected {
                        let copy = staged[index]
                        do throws(SystemCallError) {
                            try FolderEntry.renameWithoutReplacing(
                                copy.temporaryName, in: descriptor, to: copy.destination.name, in: descriptor)
                            placed[index] = .placed
                        } catch {
                            _ = unlinkat(descriptor.rawValue, copy.temporaryName, 0)
                            placed[index] = .failed(TreeError(error, path: copy.destination))
                        }
                    }
                }
            }
            for index in affected {
                stages[index] = placed[index] ?? .failed(failure ?? .notFound(staged[index].destination))
            }
        }
    }

    private static func device(of descriptor: borrowing FileDescriptor, _ path: RelativePath) throws(TreeError)
        -> UInt64
    {
        do {
            return try FileStatus.of(descriptor: descriptor).device
        } catch {
            throw TreeError.io(path, error.code)
        }
    }

    /// Runs `body`; returns its error as a ``TreeError``, or nil when it succeeded.
    private static func attempt(naming path: RelativePath, _ body: () throws -> Void) -> TreeError? {
        do {
            try body()
            return nil
        } catch let error as TreeError {
            return error
        } catch {
            return .io(path: path, code: EIO, message: String(describing: error))
        }
    }
}
