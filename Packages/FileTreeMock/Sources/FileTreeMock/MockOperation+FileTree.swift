public import InMemorySupport

extension MockOperation {
    /// ``MockTreeScanner/scan(root:excluding:)``, recorded with the root's URL.
    public static let scan = MockOperation(rawValue: "scan")
    /// ``MockTreeScanner/entry(at:in:)``.
    public static let entry = MockOperation(rawValue: "entry")
    /// ``MockTreeMutator/makeDirectory(_:in:)``.
    public static let makeDirectory = MockOperation(rawValue: "makeDirectory")
    /// ``MockTreeMutator/removeItem(_:in:)``.
    public static let removeItem = MockOperation(rawValue: "removeItem")
    /// ``MockTreeMutator/removeEmptyFolder(_:in:)``.
    public static let removeEmptyFolder = MockOperation(rawValue: "removeEmptyFolder")
    /// ``MockTreeMutator/moveItem(_:to:in:)``, recorded with the source's URL.
    public static let moveItem = MockOperation(rawValue: "moveItem")
    /// ``MockFileCopier/copyFile(_:in:expected:to:in:)``, recorded with the destination's URL.
    public static let copyFile = MockOperation(rawValue: "copyFile")
    /// ``MockFileCopier/digest(of:in:)``.
    public static let digest = MockOperation(rawValue: "digest")

    /// Every operation of the file tree Mocks.
    static let fileTree: Set<MockOperation> = [.scan, .entry, .makeDirectory, .removeItem, .removeEmptyFolder, .moveItem, .copyFile, .digest]
}
