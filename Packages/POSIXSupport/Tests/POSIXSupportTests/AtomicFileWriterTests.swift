import Foundation
import POSIXSupport
import Testing

@Suite("AtomicFileWriter")
struct AtomicFileWriterTests {
    let folder: String

    init() throws {
        folder = NSTemporaryDirectory() + "posix-support-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    @Test("a new file gets the exact contents and no temporary file is left")
    func writesNewFile() throws {
        let path = folder + "/new.txt"
        try AtomicFileWriter.write(Data("hello".utf8), to: path)
        #expect(try FileContents.read(path) == Data("hello".utf8))
        #expect(try DirectoryListing.names(in: folder) == ["new.txt"])
    }

    @Test("the temporary file a killed write left is removed by the next write of the same file")
    func ownLeftoverRemoved() throws {
        let path = folder + "/data.json"
        let leftover = folder + "/" + AtomicFileWriter.temporaryName(for: "data.json")
        #expect(FileManager.default.createFile(atPath: leftover, contents: Data("half".utf8)))
        let other = folder + "/" + AtomicFileWriter.temporaryName(for: "archive")
        #expect(FileManager.default.createFile(atPath: other, contents: Data("another file's".utf8)))
        try AtomicFileWriter.write(Data("whole".utf8), to: path)
        #expect(try FileContents.read(path) == Data("whole".utf8))
        #expect(
            try DirectoryListing.names(in: folder).sorted()
                == ["data.json", AtomicFileWriter.temporaryName(for: "archive")].sorted())
    }

    @Test("a temporary file a live writer holds is left alone; the write takes another name and succeeds")
    func heldTemporaryLeftAlone() throws {
        let path = folder + "/data.json"
        let own = folder + "/" + AtomicFileWriter.temporaryName(for: "data.json")
        #expect(FileManager.default.createFile(atPath: own, contents: Data("in flight".utf8)))
        let holder = open(own, O_RDWR)
        defer { close(holder) }
        #expect(flock(holder, LOCK_EX) == 0)
        try AtomicFileWriter.write(Data("whole".utf8), to: path)
        #expect(try FileContents.read(path) == Data("whole".utf8))
        #expect(try FileContents.read(own) == Data("in flight".utf8), "another writer's file is untouched")
        #expect(
            try DirectoryListing.names(in: folder).sorted()
                == ["data.json", AtomicFileWriter.temporaryName(for: "data.json")].sorted())
    }

    @Test("an existing file keeps its permission bits")
    func keepsMode() throws {
        let path = folder + "/secret"
        try AtomicFileWriter.write(Data("a".utf8), to: path, mode: .exactly(0o600))
        try AtomicFileWriter.write(Data("b".utf8), to: path)
        #expect(try FileStatus.of(path).permissions == 0o600)
        #expect(try FileContents.read(path) == Data("b".utf8))
    }

    @Test("the modification time is set to the nanosecond")
    func setsNanosecondTime() throws {
        let path = folder + "/timed"
        let time: Int64 = 1_700_000_000_123_456_789
        try AtomicFileWriter.write(Data(), to: path, modificationNanoseconds: time)
        #expect(try FileStatus.of(path).modificationNanoseconds == time)
    }

    @Test("writing onto a folder fails with EISDIR and leaves nothing behind")
    func refusesFolder() throws {
        try FileManager.default.createDirectory(atPath: folder + "/dir", withIntermediateDirectories: false)
        #expect(throws: SystemCallError.self) { try AtomicFileWriter.write(Data("x".utf8), to: folder + "/dir") }
        do {
            try AtomicFileWriter.write(Data("x".utf8), to: folder + "/dir")
        } catch {
            #expect(error.code == EISDIR)
        }
        #expect(try DirectoryListing.names(in: folder) == ["dir"])
    }

    @Test("a missing folder fails with ENOENT")
    func missingFolder() throws {
        do {
            try AtomicFileWriter.write(Data("x".utf8), to: folder + "/nope/file")
            Issue.record("expected an error")
        } catch {
            #expect(error.code == ENOENT)
        }
    }

    @Test("without replacing, an existing name fails with EEXIST and keeps its contents")
    func noReplace() throws {
        let path = folder + "/keep"
        try AtomicFileWriter.write(Data("old".utf8), to: path)
        do {
            try AtomicFileWriter.write(Data("new".utf8), to: path, replacing: false)
            Issue.record("expected an error")
        } catch {
            #expect(error.code == EEXIST)
        }
        #expect(try FileContents.read(path) == Data("old".utf8))
        #expect(try DirectoryListing.names(in: folder) == ["keep"])
    }

    @Test("stale temporary files of a killed writer are removed, others are kept")
    func removesStaleTemporaries() throws {
        #expect(
            FileManager.default.createFile(
                atPath: folder + "/" + AtomicFileWriter.temporaryPrefix + "0123", contents: nil))
        #expect(FileManager.default.createFile(atPath: folder + "/user-file", contents: nil))
        let removed = AtomicFileWriter.removeStaleTemporaries(in: folder)
        #expect(removed == [AtomicFileWriter.temporaryPrefix + "0123"])
        #expect(try DirectoryListing.names(in: folder) == ["user-file"])
    }

    @Test("reading a folder fails with EISDIR")
    func readFolder() throws {
        do {
            _ = try FileContents.read(folder)
            Issue.record("expected an error")
        } catch {
            #expect(error.code == EISDIR)
        }
    }
}
