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
    /// ``MockTreeMutator/setPermissions(_:of:in:)``.
    public static let setPermissions = MockOperation(rawValue: "setPermissions")
    /// ``MockTreeMutator/flush(_:)``, recorded with the root's URL.
    public static let flush = MockOperation(rawValue: "flush")
    /// ``MockFileCopier/stageCopy(_:in:expected:to:in:)``, recorded with the destination's URL.
    public static let stageCopy = MockOperation(rawValue: "stageCopy")
    /// The flush at the start of ``MockFileCopier/commit(_:in:)``, recorded with the destination
    /// root's URL; a fault here fails the whole batch.
    public static let flushCopies = MockOperation(rawValue: "flushCopies")
    /// One copy put in place by ``MockFileCopier/commit(_:in:)``, recorded with its destination's URL.
    public static let commitCopy = MockOperation(rawValue: "commitCopy")
    /// ``MockFileCopier/discard(_:in:)``, recorded with the destination root's URL.
    public static let discardCopies = MockOperation(rawValue: "discardCopies")
    /// ``MockFileCopier/digest(of:in:)``.
    public static let digest = MockOperation(rawValue: "digest")

    /// ``MockFileCopier/read(_:in:expected:into:)``, recorded with the file's URL.
    public static let readContents = MockOperation(rawValue: "readContents")
    /// ``MockFileCopier/stageWrite(to:in:entry:from:)``, recorded with the destination's URL.
    public static let stageWrite = MockOperation(rawValue: "stageWrite")
    /// ``MockDocumentStore/readDocument(named:in:)``, recorded with the document's URL.
    public static let readDocument = MockOperation(rawValue: "readDocument")
    /// ``MockDocumentStore/writeDocument(_:named:in:)``, recorded with the document's URL.
    public static let writeDocument = MockOperation(rawValue: "writeDocument")

    /// Every operation of the file tree Mocks.
    static let fileTree: Set<MockOperation> = [
        .scan, .entry, .makeDirectory, .removeItem, .removeEmptyFolder, .moveItem, .setPermissions, .flush, .stageCopy,
        .flushCopies, .commitCopy, .discardCopies, .digest, .readContents, .stageWrite, .readDocument, .writeDocument,
    ]
}
