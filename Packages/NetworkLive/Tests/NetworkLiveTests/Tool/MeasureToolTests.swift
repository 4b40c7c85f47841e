import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `network-measure` is how the README's peak-memory and small-request figures are taken; these
/// run the built tool against lighttpd with small inputs, so a figure it prints means what it says.
@Suite(
    "network-measure moves a file each way and times small requests, against lighttpd on 127.0.0.1",
    .serialized, .enabled(if: LocalServer.Kind.lighttpd.shouldRun), .server(.lighttpd))
struct MeasureToolTests {
    struct Run {
        var status: Int32
        var lines: [String]
    }

    /// Runs the tool built beside the test binary, standard output and error together.
    static func measure(_ arguments: [String]) throws -> Run {
        var path = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &path, path.count - 1)
        try #require(length > 0)
        let tests = URL(filePath: String(decoding: path.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self))
        let process = Process()
        process.executableURL = tests.deletingLastPathComponent().appending(path: "network-measure")
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        // Not waitUntilExit: it spins a run loop that can hang inside a test on Linux. Its output
        // has ended, so it is ending: poll for that.
        while process.isRunning { usleep(1_000) }
        let text = String(decoding: data, as: UTF8.self)
        return Run(status: process.terminationStatus, lines: text.split(separator: "\n").map(String.init))
    }

    @Test("without a mode it prints its usage and exits 2")
    func usage() throws {
        let run = try Self.measure([])
        #expect(run.status == 2)
        #expect(run.lines == ["usage: network-measure upload|download <url> <file>"])
    }

    @Test("a file goes up and comes back whole, each run saying its status and bytes; a missing one fails")
    func roundTrip() throws {
        let server = try LocalServer.require()
        let folder = try makeTemporaryFolder("measure")
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = Data((0..<(3 << 20) + 17).map { UInt8(truncatingIfNeeded: $0 &* 29 &+ 3) })
        let source = folder.appending(path: "big.bin")
        try data.write(to: source)
        let url = server.base.appending(path: "measure-\(UUID().uuidString).bin").absoluteString

        let up = try Self.measure(["upload", url, source.path])
        #expect(up.status == 0)
        #expect(
            up.lines.count == 1 && up.lines[0].hasPrefix("upload status 201, \(data.count) bytes in "), "\(up.lines)")

        let copy = folder.appending(path: "copy.bin")
        let down = try Self.measure(["download", url, copy.path])
        #expect(down.status == 0)
        #expect(down.lines.count == 1 && down.lines[0].hasPrefix("download status 200, \(data.count) bytes in "))
        #expect(try Data(contentsOf: copy) == data)

        let missing = try Self.measure(["download", url + ".gone", folder.appending(path: "none").path])
        #expect(missing.status == 1)
        #expect(missing.lines.count == 1 && missing.lines[0].hasPrefix("download status 404, "), "\(missing.lines)")
    }

    @Test("the loop sends each request in order, then one summary per method; nothing is left on the server")
    func loop() throws {
        let server = try LocalServer.require()
        for saturate in [false, true] {
            let run = try Self.measure(["loop", server.base.absoluteString, "2"] + (saturate ? ["--saturate"] : []))
            #expect(run.status == 0, "\(run.lines)")
            let methods = ["PROPFIND", "PUT", "GET", "MOVE", "DELETE"]
            let statuses = ["PROPFIND": 207, "PUT": 201, "GET": 200, "MOVE": 201, "DELETE": 204]
            let requests = run.lines.prefix(10).map { $0.split(separator: " ", omittingEmptySubsequences: true) }
            #expect(requests.map { String($0[0]) } == methods + methods, "\(run.lines)")
            #expect(requests.allSatisfy { $0.count == 4 && Int($0[1]) == statuses[String($0[0])] && $0[3] == "ms" })
            let summaries = run.lines.dropFirst(10)
            #expect(summaries.map { String($0.prefix { $0 != " " }) } == methods)
            #expect(summaries.allSatisfy { $0.contains(" n=2 min ") && $0.hasSuffix(" at 0.5 s or more") })
        }
        let listing = try FileManager.default.contentsOfDirectory(atPath: server.folder.appending(path: "root").path)
        #expect(listing.filter { $0.hasPrefix("measure-") && $0.hasSuffix(".txt") }.isEmpty, "\(listing)")
    }

    @Test("a server that cannot be reached ends the loop with one failure line and exit 1")
    func unreachable() throws {
        let port = try freePort()
        let run = try Self.measure(["loop", "http://127.0.0.1:\(port)/", "1"])
        #expect(run.status == 1)
        #expect(run.lines.count == 1 && run.lines[0].hasPrefix("failed: "), "\(run.lines)")
    }
}
