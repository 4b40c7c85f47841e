public import FileTreeInterface
public import Foundation

/// A large deletion a person allowed on one machine (with a raised limit), recorded in the pair's
/// folder in the container (`<container>/<pair>/.synccli-approval.json`) by the sync that carried
/// it out, so that the other machines carry out the same deletions without the raised limit.
///
/// It is tied to the container copy and the sync that made it: the container's id and the
/// sequence that sync wrote into the root marker (``ContainerStamp``). Another machine uses it
/// only when its plan's deletions on the refused side are all among ``paths``, the container is
/// the same copy, that machine last synced before the approving sync (its archive's sequence is
/// lower) and the container has not moved on by more than ``generationLimit`` syncs, and it is
/// younger than ``lifetime``. The container is hostile input: ``decode(_:pair:)`` refuses
/// anything oversized or malformed, and an approval only ever allows deletions a plan already
/// wants; it never adds one.
public struct DeletionApproval: Sendable, Codable, Equatable {
    /// The format version written by this code.
    public static let currentVersion = 1
    /// The document's name in the pair's folder in the container.
    public static let fileName = ReservedNames.prefix + "-approval.json"
    /// The largest approval read, in bytes.
    public static let sizeLimit = 16 << 20
    /// The most paths one approval holds (a larger deletion is not recorded, and stays refused
    /// elsewhere until allowed there).
    public static let pathLimit = 100_000
    /// How long an approval is used after it was made: 14 days.
    public static let lifetime: TimeInterval = 14 * 86_400
    /// How many later syncs of the pair (by any machine) an approval outlives.
    public static let generationLimit = 1_000

    public var version: Int
    /// The pair's name.
    public var pair: String
    /// The machine whose user allowed the deletions.
    public var machine: String
    /// When the sync that carried them out ran.
    public var approvedAt: Date
    /// The container copy's stamp written by that sync.
    public var container: ContainerStamp
    /// The deleted paths, sorted.
    public var paths: [RelativePath]

    /// An approval of `paths` by `machine`.
    public init(pair: String, machine: String, approvedAt: Date, container: ContainerStamp, paths: [RelativePath]) {
        self.version = Self.currentVersion
        self.pair = pair
        self.machine = machine
        self.approvedAt = approvedAt
        self.container = container
        self.paths = paths.sorted()
    }

    /// What a plan or report says about an approval it relies on.
    public var summary: ApprovedDeletions {
        ApprovedDeletions(machine: machine, approvedAt: approvedAt, count: paths.count)
    }

    /// The approval's bytes: stable JSON.
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(self)
    }

    /// Reads an approval of `pair` from the container's bytes.
    /// - Throws: ``ApprovalProblem`` with the reason when the bytes are too large, not an approval
    ///   of this version and pair, or hold a malformed machine name, container id or path.
    public static func decode(_ data: Data, pair: String) throws(ApprovalProblem) -> DeletionApproval {
        guard data.count <= sizeLimit else { throw ApprovalProblem("larger than \(sizeLimit >> 20) MiB") }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        guard var approval = try? decoder.decode(DeletionApproval.self, from: data) else {
            throw ApprovalProblem("not an approval")
        }
        guard approval.version == currentVersion else {
            throw ApprovalProblem("version \(approval.version) is not supported")
        }
        guard approval.pair == pair else { throw ApprovalProblem("it is for another pair") }
        let name = approval.machine.unicodeScalars
        guard (1...255).contains(approval.machine.utf8.count),
            !name.contains(where: { $0.properties.generalCategory == .control })
        else { throw ApprovalProblem("its machine name is malformed") }
        guard ContainerStamp.isValidID(approval.container.id), approval.container.sequence > 0 else {
            throw ApprovalProblem("its container id is malformed")
        }
        guard (1...pathLimit).contains(approval.paths.count), !approval.paths.contains(.root),
            approval.paths.allSatisfy({ !ReservedNames.isReserved($0.name) })
        else { throw ApprovalProblem("its paths are malformed") }
        // Whole seconds, as `encoded()` writes them, so the approval reads the same once saved again.
        approval.approvedAt = Date(timeIntervalSince1970: approval.approvedAt.timeIntervalSince1970.rounded(.down))
        return approval
    }
}

/// Why an approval found in the container was ignored.
public struct ApprovalProblem: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String

    init(_ description: String) {
        self.description = description
    }
}
