public import InMemorySupport

extension MockOperation {
    /// ``MockFileAccessor/read(from:)``.
    public static let read = MockOperation(rawValue: "read")
    /// ``MockFileAccessor/write(_:to:)``.
    public static let write = MockOperation(rawValue: "write")
    /// ``MockFileAccessor/append(_:to:ifSizeIs:)``.
    public static let append = MockOperation(rawValue: "append")
    /// ``MockFileAccessor/fileExists(at:)``.
    public static let fileExists = MockOperation(rawValue: "fileExists")
}
