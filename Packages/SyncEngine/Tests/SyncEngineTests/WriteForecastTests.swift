import FileTreeInterface
import Foundation
import Testing

@testable import SyncEngine

/// The forecast a plan tells the look at the container's lock: does this machine's side differ
/// from the archive (the sync then writes, and the lock is taken at once)?
@Suite("Write forecast")
struct WriteForecastTests {
    typealias Idle = IdleCheckTests

    func archived() throws -> (local: [TreeEntry], archive: Archive) {
        let local = [try Idle.entry("d", kind: .directory, inode: 10), try Idle.entry("d/a", inode: 11)]
        let container = [try Idle.entry("d", kind: .directory, inode: 20), try Idle.entry("d/a", inode: 21)]
        return (local, Archive(pair: "docs", generation: 3, records: Idle.archive(local, container)))
    }

    @Test("a local side as archived says the sync writes nothing, in either order of the two parts")
    func asArchived() throws {
        let (local, archive) = try archived()
        let first = WriteForecast()
        first.offer(local: Idle.view(local))
        first.offer(archive: archive)
        #expect(first.writes() == false)
        #expect(first.writes() == false, "asked again, the same answer without waiting")
        let second = WriteForecast()
        second.offer(archive: archive)
        second.offer(local: Idle.view(local))
        #expect(second.writes() == false)
    }

    @Test("a local change, an empty archive, or a part that could not be read says the sync writes")
    func writes() throws {
        let (local, archive) = try archived()
        var changed = local
        changed[1] = try Idle.entry("d/a", time: 6, inode: 11)
        let edited = WriteForecast()
        edited.offer(local: Idle.view(changed))
        edited.offer(archive: archive)
        #expect(edited.writes())
        let unsynced = WriteForecast()
        unsynced.offer(local: Idle.view(local))
        unsynced.offer(archive: Archive(pair: "docs"))
        #expect(unsynced.writes())
        let unread = WriteForecast()
        unread.offer(local: nil)
        #expect(unread.writes(), "said at once, without the archive")
        unread.offer(archive: archive)
        #expect(unread.writes())
    }

    @Test("the first word stands: a later tell changes nothing, and an early tell needs no parts")
    func firstWordStands() throws {
        let (local, archive) = try archived()
        let forecast = WriteForecast()
        forecast.offer(local: Idle.view(local))
        forecast.offer(archive: archive)
        forecast.tell(true)
        #expect(forecast.writes() == false)
        let told = WriteForecast()
        told.tell(true)
        told.offer(local: Idle.view(local))
        told.offer(archive: archive)
        #expect(told.writes())
    }
}
