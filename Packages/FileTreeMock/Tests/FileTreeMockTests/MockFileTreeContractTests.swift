import FileTreeContract
import Testing

@Suite("MockTreeScanner, MockTreeMutator and MockFileCopier pass the file tree contract")
struct MockFileTreeContractTests {
    @Test("contract case", arguments: FileTreeContract.cases)
    func contract(_ check: FileTreeContractCase) throws {
        try check.verify(try MockFixture.make())
    }
}
