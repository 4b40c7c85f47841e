/// What to do when both sides changed one path differently.
///
/// Every policy keeps the losing version: beside the winner as a conflict copy (`keepBoth`), or in
/// the trash of the side it lost on (the others). A file on one side against a folder on the other
/// is always resolved by keeping both: the folder keeps the name, the file becomes a conflict copy.
public enum ConflictPolicy: String, Sendable, Codable, CaseIterable {
    /// The newer version keeps the name on both sides; the other becomes
    /// `name (conflict <date> <machine>).ext` on both sides.
    case keepBoth = "keep-both"
    /// The newer version wins; the older goes to the trash.
    case newer
    /// This machine's version wins; the container's goes to the trash.
    case local
    /// The container's version wins; the local one goes to the trash.
    case container
}
