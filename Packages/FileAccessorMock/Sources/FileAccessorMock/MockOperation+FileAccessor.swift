public import InMemorySupport

extension MockOperation {
    /// ``MockFileAccessor/read(from:)``.
    public static let read = MockOperation(rawValue: "read")
    /// ``MockFileAccessor/write(_:to:)``.
    public static let write = MockOperation(rawValue: "write")
    /// ``MockFileAccessor/fileExists(at:)``.
    public static let fileExists = MockOperation(rawValue: "fileExists")
}
