import Testing

@testable import WatchLive

@Suite("Decoding inotify records")
struct InotifyRecordTests {
    @Test("records decode as the kernel lays them out: padded names, an overflow with no name, several in one read")
    func roundTrip() {
        let records = [
            InotifyRecord(descriptor: 1, mask: InotifyMask.create, cookie: 0, name: Array("a.txt".utf8)),
            InotifyRecord(descriptor: -1, mask: InotifyMask.overflow, cookie: 0, name: []),
            InotifyRecord(
                descriptor: 2, mask: InotifyMask.movedFrom | InotifyMask.isFolder, cookie: 7, name: Array("abcd".utf8)),
            InotifyRecord(descriptor: 2, mask: InotifyMask.modify, cookie: 0, name: [0xFF, 0xFE]),
        ]
        let bytes = InotifyRecord.encode(records)
        #expect(bytes.count == 16 * 4 + 8 + 8 + 4)
        #expect(bytes.withUnsafeBytes { InotifyRecord.decode($0) } == records)
    }

    @Test("a record cut short ends the decoding instead of reading past the buffer")
    func truncated() {
        let whole = InotifyRecord.encode([
            InotifyRecord(descriptor: 1, mask: InotifyMask.create, cookie: 0, name: Array("first".utf8)),
            InotifyRecord(descriptor: 1, mask: InotifyMask.create, cookie: 0, name: Array("second".utf8)),
        ])
        let cut = Array(whole.dropLast(3))
        let decoded = cut.withUnsafeBytes { InotifyRecord.decode($0) }
        #expect(decoded.map(\.name) == [Array("first".utf8)])
        #expect(Array(whole.prefix(10)).withUnsafeBytes { InotifyRecord.decode($0) }.isEmpty)
    }
}
