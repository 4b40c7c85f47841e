/// How many bytes a file accessor reads at most by default.
public enum FileReadLimit {
    /// 256 MiB: far above any file the tool keeps for itself (a 100,000-file archive is a few
    /// MiB), far below what would exhaust memory. A larger file is refused with
    /// ``FileAccessRefusal/tooLarge(path:size:limit:)``.
    public static let defaultBytes = 256 << 20
}
