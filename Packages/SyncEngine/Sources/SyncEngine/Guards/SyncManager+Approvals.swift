import FileTreeInterface
import Foundation

extension SyncManager {
    /// The guard's verdict on `actions`: refused, allowed, or allowed by another machine's approval.
    /// - Parameter archived: the container copy this machine last synced with (nil on a first sync,
    ///   which deletes nothing and so is never refused).
    nonisolated func deletionVerdict(
        _ actions: [SyncAction], local: SideView, container: SideView, options: SyncOptions, pair: SyncPair,
        sides: PairSides, archived: ContainerStamp?
    ) -> DeletionVerdict {
        var verdict = DeletionVerdict()
        guard let refusal = Self.deletionRefusal(actions, local: local, container: container, options: options) else {
            var defaults = SyncOptions()
            defaults.policy = options.policy
            verdict.recordsApproval =
                Self.deletionRefusal(actions, local: local, container: container, options: defaults) != nil
            return verdict
        }
        verdict.refusal = refusal
        guard let archived else { return verdict }
        let approval: DeletionApproval
        do {
            guard let found = try readApproval(of: pair, on: sides.pair) else { return verdict }
            approval = found
        } catch {
            verdict.warning = "\(Self.documentPath(DeletionApproval.fileName, on: sides.pair)): ignored (\(error))"
            return verdict
        }
        let problem = approvalProblem(
            approval, actions: actions, local: local, container: container, options: options, sides: sides,
            archived: archived)
        if let problem {
            verdict.warning =
                "the deletions \(approval.machine) approved at \(approval.approvedAt.formatted(.iso8601)) "
                + "do not cover this sync (\(problem))"
        } else {
            verdict.refusal = nil
            verdict.approved = approval.summary
        }
        return verdict
    }

    /// Why `approval` does not allow these deletions on this machine, or nil when it does.
    nonisolated private func approvalProblem(
        _ approval: DeletionApproval, actions: [SyncAction], local: SideView, container: SideView,
        options: SyncOptions, sides: PairSides, archived: ContainerStamp
    ) -> String? {
        guard case .stamped(let current) = RootMarker.read(from: sides.pair, location: sides.pair.location),
            current.id == approval.container.id, archived.id == approval.container.id
        else { return "it is for another container" }
        guard approval.container.sequence <= current.sequence else { return "it is newer than the container" }
        guard archived.sequence < approval.container.sequence else {
            return "this machine synced after it was made"
        }
        guard current.sequence - approval.container.sequence <= DeletionApproval.generationLimit else {
            return "the pair synced more than \(DeletionApproval.generationLimit) times since"
        }
        let age = environment.now().timeIntervalSince(approval.approvedAt)
        guard age <= DeletionApproval.lifetime, age > -86_400 else { return "it has expired" }
        let approved = Set(approval.paths)
        var remaining = actions
        while let refusal = Self.deletionRefusal(remaining, local: local, container: container, options: options) {
            let deleted = remaining.filter { $0.side == refusal.side && $0.isDeletion }
            guard deleted.allSatisfy({ approved.contains($0.path) }) else {
                return "it covers other paths than the \(refusal.side) side's deletions"
            }
            remaining.removeAll { $0.side == refusal.side && $0.isDeletion }
        }
        return nil
    }

    /// The pair's approval in the container, or nil when there is none.
    /// - Throws: ``ApprovalProblem`` when it cannot be read or is malformed.
    nonisolated func readApproval(of pair: SyncPair, on side: any SyncSideProviding) throws -> DeletionApproval? {
        let data: Data
        do {
            guard let read = try side.readDocument(named: DeletionApproval.fileName) else { return nil }
            data = read
        } catch {
            throw ApprovalProblem("cannot be read: \(error)")
        }
        return try DeletionApproval.decode(data, pair: pair.name)
    }

    /// Records in the pair's folder in the container that this machine's user allowed the
    /// deletions `done` carried out, at the container copy's new `stamp`, in the pair's folder.
    /// - Returns: the approval's summary; why it could not be recorded (the deletions are done, and
    ///   the other machines refuse them until allowed there); nil when nothing was deleted.
    func recordApproval(
        of pair: SyncPair, done: [SyncAction], stamp: ContainerStamp, sides: PairSides
    ) -> Result<ApprovedDeletions, ApprovalProblem>? {
        let paths = Array(Set(done.lazy.filter(\.isDeletion).map(\.path)))
        guard !paths.isEmpty else { return nil }
        guard paths.count <= DeletionApproval.pathLimit else {
            return .failure(ApprovalProblem("more than \(DeletionApproval.pathLimit) paths"))
        }
        let now = Date(timeIntervalSince1970: environment.now().timeIntervalSince1970.rounded(.down))
        let approval = DeletionApproval(
            pair: pair.name, machine: environment.machineName, approvedAt: now, container: stamp, paths: paths)
        do {
            try checkStillInPlace(sides.pair, root: sides.pairRoot)
            let data = try approval.encoded()
            // One the other machines would refuse to read is not written: they refuse the deletions.
            guard data.count <= DeletionApproval.sizeLimit else {
                return .failure(ApprovalProblem("larger than \(DeletionApproval.sizeLimit >> 20) MiB"))
            }
            try sides.pair.writeDocument(data, named: DeletionApproval.fileName)
        } catch {
            return .failure(ApprovalProblem("\(error)"))
        }
        return .success(approval.summary)
    }
}
