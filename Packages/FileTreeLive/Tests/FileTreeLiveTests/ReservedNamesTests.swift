import FileTreeInterface
import POSIXSupport
import Testing

/// POSIXSupport may depend on nothing in the repo, so its atomic writer keeps its own copy of the
/// temporary prefix; this is where the copy is held equal to the one definition.
@Suite("The Live packages use the reserved names of FileTreeInterface")
struct ReservedNamesTests {
    @Test("AtomicFileWriter's temporary prefix is ReservedNames.temporaryPrefix")
    func atomicWriterPrefix() {
        #expect(AtomicFileWriter.temporaryPrefix == ReservedNames.temporaryPrefix)
    }

    @Test("a name AtomicFileWriter makes is a reserved name of temporary-file shape")
    func atomicWriterNames() {
        let name = AtomicFileWriter.temporaryPrefix + "0123456789abcdef"
        #expect(ReservedNames.isReserved(name))
        #expect(StagedCopy.isTemporaryName(name))
    }
}
