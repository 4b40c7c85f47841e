import FileTreeContract
import FileTreeLive
import Testing

@Suite("POSIXTreeScanner, POSIXTreeMutator and POSIXFileCopier pass the file tree contract on the real file system")
struct POSIXFileTreeContractTests {
    @Test("contract case", arguments: FileTreeContract.cases)
    func contract(_ check: FileTreeContractCase) throws {
        let folder = try TemporaryFolder()
        try check.verify(try LiveWorld.fixture(in: folder))
    }

    @Test("contract case, with durability left to flush", arguments: FileTreeContract.cases)
    func contractFlushing(_ check: FileTreeContractCase) throws {
        let folder = try TemporaryFolder()
        try check.verify(try LiveWorld.fixture(in: folder, mutator: POSIXTreeMutator(syncingEachChange: false)))
    }
}
