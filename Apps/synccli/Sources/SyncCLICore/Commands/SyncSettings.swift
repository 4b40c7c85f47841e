import SyncEngine

/// The options that shape what a sync decides: `--policy` and `--max-delete`.
struct SyncSettings: Sendable, Equatable {
    /// How conflicts are resolved.
    var policy: ConflictPolicy = .keepBoth
    /// The most of a side's files one sync may delete, in percent.
    var maxDeletePercent = 50

    /// The settings of a command line.
    /// - Throws: ``UsageError`` for a policy that does not exist or a percentage outside 0...100.
    init(_ arguments: ParsedArguments) throws(UsageError) {
        if let text = try arguments.value(.policy) {
            guard let policy = ConflictPolicy(rawValue: text) else {
                throw arguments.error("--policy must be keep-both, newer, local or container, not \"\(text)\"")
            }
            self.policy = policy
        }
        if let text = try arguments.value(.maxDelete) {
            guard let value = Int(text), (0...100).contains(value) else {
                throw arguments.error("--max-delete must be a whole percentage from 0 to 100, not \"\(text)\"")
            }
            maxDeletePercent = value
        }
    }

    /// The engine's options.
    var engineOptions: SyncOptions { SyncOptions(policy: policy, maxDeletePercent: maxDeletePercent) }
}
