import FileTreeInterface
public import Foundation

/// A reviewable plan: everything one sync of a pair would do, in order, with what each action
/// expects to find. Codable to stable JSON (sorted keys), so it can be saved, read, and applied
/// later with ``SyncManager/apply(_:)``. A dry run is this plan alone.
public struct SyncPlan: Sendable, Codable, Equatable {
    /// The format version written by this code.
    public static let currentVersion = 1

    public var version: Int
    /// The pair's name.
    public var pair: String
    /// The local folder's path.
    public var localRoot: String
    /// The pair's folder in the container.
    public var containerRoot: String
    /// The machine that made the plan.
    public var machine: String
    /// When the plan was made.
    public var createdAt: Date
    /// The archive generation the plan was made against (0: first sync).
    public var archiveGeneration: Int
    /// True when there was no usable archive: the plan merges and never deletes.
    public var isFirstSync: Bool
    /// The folder name (inside each side's `.synccli-trash`) this run's trashed versions go to.
    public var trashFolder: String
    /// The actions, in execution order.
    public var actions: [SyncAction]
    /// Conflicts found, with their resolution.
    public var conflicts: [ConflictReport]
    /// Archive changes applied after the actions.
    public var records: [RecordUpdate]
    /// Things the user should know that are not errors (skipped links, unreadable folders ...).
    public var warnings: [String]
    /// Paths this plan leaves out of sync on purpose (a name that is not UTF-8, a name collision,
    /// a file that cannot be read): a plan with any is not "in sync" even with no action.
    public var unsynced: [UnsyncedPath] = []
    /// Set when the delete guard refuses this plan: a sync or an apply of it throws
    /// ``DeletionRefusal/error``; a dry run shows it with the refusal.
    public var deletionRefusal: DeletionRefusal?
    /// The approval (recorded in the container by another machine) that allows this plan's
    /// deletions, which the guard would otherwise refuse.
    public var approvedDeletions: ApprovedDeletions?
    /// Whether this plan deletes more than the default limit allows, with a limit raised to allow
    /// it: its apply records the deletions as approved, for the other machines.
    public var recordsApproval = false

    /// Whether the plan changes nothing on disk.
    public var isEmpty: Bool { actions.isEmpty }

    /// Whether both sides are in sync: nothing to do and nothing left out. What `status` reports.
    public var isInSync: Bool { actions.isEmpty && unsynced.isEmpty }

    /// The plan as stable, human-readable JSON.
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(self)
    }

    /// Reads a plan.
    /// - Throws: ``SyncError/corruptState(path:reason:)`` for bytes that are not a plan of this version.
    public static func decode(_ data: Data) throws -> SyncPlan {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        guard var plan = try? decoder.decode(SyncPlan.self, from: data) else {
            throw SyncError.corruptState(path: "plan", reason: "not a sync plan")
        }
        // Whole seconds, as `encoded()` writes them: a fraction another tool wrote must not make
        // the same plan read back different.
        plan.createdAt = Date(timeIntervalSince1970: plan.createdAt.timeIntervalSince1970.rounded(.down))
        if let approvedAt = plan.approvedDeletions?.approvedAt {
            plan.approvedDeletions?.approvedAt = Date(
                timeIntervalSince1970: approvedAt.timeIntervalSince1970.rounded(.down))
        }
        guard plan.version == currentVersion else {
            throw SyncError.corruptState(path: "plan", reason: "plan version \(plan.version) is not supported")
        }
        return plan
    }
}

extension SyncPlan {
    private enum CodingKeys: String, CodingKey {
        case version, pair, localRoot, containerRoot, machine, createdAt, archiveGeneration, isFirstSync, trashFolder
        case actions, conflicts, records, warnings, unsynced, deletionRefusal, approvedDeletions, recordsApproval
    }

    /// Reads a plan; one written before plans listed unsynced paths (or the delete guard's verdict)
    /// reads with none.
    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        version = try values.decode(Int.self, forKey: .version)
        pair = try values.decode(String.self, forKey: .pair)
        localRoot = try values.decode(String.self, forKey: .localRoot)
        containerRoot = try values.decode(String.self, forKey: .containerRoot)
        machine = try values.decode(String.self, forKey: .machine)
        createdAt = try values.decode(Date.self, forKey: .createdAt)
        archiveGeneration = try values.decode(Int.self, forKey: .archiveGeneration)
        isFirstSync = try values.decode(Bool.self, forKey: .isFirstSync)
        trashFolder = try values.decode(String.self, forKey: .trashFolder)
        actions = try values.decode([SyncAction].self, forKey: .actions)
        conflicts = try values.decode([ConflictReport].self, forKey: .conflicts)
        records = try values.decode([RecordUpdate].self, forKey: .records)
        warnings = try values.decode([String].self, forKey: .warnings)
        unsynced = try values.decodeIfPresent([UnsyncedPath].self, forKey: .unsynced) ?? []
        deletionRefusal = try values.decodeIfPresent(DeletionRefusal.self, forKey: .deletionRefusal)
        approvedDeletions = try values.decodeIfPresent(ApprovedDeletions.self, forKey: .approvedDeletions)
        recordsApproval = try values.decodeIfPresent(Bool.self, forKey: .recordsApproval) ?? false
    }
}
