/// The version of every `--json` document synccli prints (each carries it as `"version"`).
///
/// Each command's document is described by a JSON Schema in `Apps/synccli/Schemas/`; a change
/// that removes or renames a field, or changes its type, raises this number (adding a field does
/// not: readers ignore what they do not know).
enum JSONVersion {
    /// The current version.
    static let current = 1
}
