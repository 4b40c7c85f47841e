import NetworkInterface

extension HTTPResponseDestination {
    /// The most body bytes kept in memory: the limit given, or for a file destination the error
    /// body's (only a 2xx body goes to the file).
    var memoryLimit: Int {
        switch self {
        case .memory(let limit): limit
        case .file: Self.errorBodyLimit
        }
    }
}
