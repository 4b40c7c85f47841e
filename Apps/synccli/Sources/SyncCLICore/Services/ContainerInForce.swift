/// The container in force, where it comes from, and why it is not available: what
/// `container show` prints (its `--json` shape).
struct ContainerInForce: Encodable, Sendable, Equatable {
    /// The folder's path or the server's URL; nil when nothing names one.
    var folder: String?
    /// Where it comes from, in words ("the configuration file /home/me/.config/synccli/containers.json").
    var source: String
    /// Why it cannot be used, if it cannot.
    var problem: String?
    /// Whether it can be used now.
    var isAvailable: Bool
}
