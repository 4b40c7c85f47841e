import ProcessMemory
import Testing

/// synccli sets the C allocator's mmap threshold at start (see `main.swift`): the setting must be
/// taken on glibc, and a size the allocator cannot hold must be refused rather than cut short.
@Suite("The allocator's threshold for blocks of their own")
struct ProcessMemoryTests {
    @Test("2 MiB is taken on glibc")
    func taken() {
        #if canImport(Glibc)
            #expect(process_memory_map_blocks_from(2 << 20) == 1)
        #else
            #expect(process_memory_map_blocks_from(2 << 20) == 0, "nothing to set off glibc")
        #endif
    }

    @Test("a size beyond the allocator's int is refused, not truncated")
    func tooLarge() {
        #expect(process_memory_map_blocks_from(Int(Int32.max) + 1) == 0)
    }
}
