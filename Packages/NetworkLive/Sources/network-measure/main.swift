// Sends one large body through the Live transport, for a peak-memory measurement:
//
//   /usr/bin/time -v network-measure upload   http://127.0.0.1:PORT/big.bin /tmp/big.bin
//   /usr/bin/time -v network-measure download http://127.0.0.1:PORT/big.bin /tmp/copy.bin
//
// Prints the status, the bytes moved and the seconds taken; exits 1 on a failure.
//
//   network-measure loop http://127.0.0.1:PORT/ ROUNDS [--saturate]
//
// Sends ROUNDS rounds of small sequential WebDAV requests (PROPFIND with an XML body, PUT, GET,
// MOVE, DELETE) through the one shared transport, from a task on a serial queue of its own (as
// WebDAVSide's `Blocking` does), and prints each request's milliseconds, then the distribution.
// `--saturate` first blocks as many threads of Dispatch's global pool as there are processors
// (as synchronous callers waiting on a semaphore do): work queued on that pool then waits for
// Dispatch's once-a-second monitor to add a thread.
import Foundation
import NetworkInterface
import NetworkLive

let arguments = CommandLine.arguments
if arguments.count >= 4, arguments[1] == "loop", let base = URL(string: arguments[2]), let rounds = Int(arguments[3]) {
    let release = DispatchSemaphore(value: 0)
    let saturate = arguments.dropFirst(4).contains("--saturate")
    let blocked = saturate ? ProcessInfo.processInfo.activeProcessorCount : 0
    let started = DispatchSemaphore(value: 0)
    for _ in 0..<blocked {
        DispatchQueue.global().async {
            started.signal()
            release.wait()
        }
    }
    for _ in 0..<blocked { started.wait() }
    let status = await withTaskExecutorPreference(SerialExecutor()) { await loop(base, rounds: rounds) }
    for _ in 0..<blocked { release.signal() }
    exit(status)
}
guard arguments.count == 4, let url = URL(string: arguments[2]), ["upload", "download"].contains(arguments[1]) else {
    print("usage: network-measure upload|download <url> <file>")
    exit(2)
}
let file = URL(filePath: arguments[3])
let request =
    arguments[1] == "upload"
    ? HTTPRequest(.put, url, body: .file(file))
    : HTTPRequest(.get, url, destination: .file(file))
let start = ContinuousClock.now
do {
    let response = try await URLSessionTransport.shared.send(request)
    let seconds = start.duration(to: .now)
    let bytes =
        arguments[1] == "upload"
        ? ((try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.int64Value ?? 0)
        : response.byteCount
    print("\(arguments[1]) status \(response.status), \(bytes) bytes in \(seconds)")
    exit(response.isSuccess ? 0 : 1)
} catch {
    print("\(arguments[1]) failed: \(error)")
    exit(1)
}

/// The small-request loop; returns the exit status.
func loop(_ base: URL, rounds: Int) async -> Int32 {
    let transport = URLSessionTransport.shared
    let propfind = Data(
        #"<?xml version="1.0" encoding="utf-8"?><D:propfind xmlns:D="DAV:"><D:prop><D:getetag/><D:getcontentlength/><D:resourcetype/></D:prop></D:propfind>"#
            .utf8)
    var times: [String: [Double]] = [:]
    var order: [String] = []
    func send(_ name: String, _ request: HTTPRequest) async throws {
        let start = ContinuousClock.now
        let response = try await transport.send(request)
        let elapsed = start.duration(to: .now)
        let ms = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        if times[name] == nil { order.append(name) }
        times[name, default: []].append(ms)
        print(
            name.padding(toLength: 9, withPad: " ", startingAt: 0) + String(format: "%3d %8.1f ms", response.status, ms)
        )
    }
    do {
        for round in 0..<rounds {
            let file = base.appending(path: "measure-\(round).txt")
            let moved = base.appending(path: "measure-\(round)-moved.txt")
            try await send(
                "PROPFIND",
                HTTPRequest(
                    .propfind, base, headers: ["Depth": "1", "Content-Type": "application/xml"], body: .bytes(propfind))
            )
            try await send("PUT", HTTPRequest(.put, file, body: .bytes(Data("round \(round)\n".utf8))))
            try await send("GET", HTTPRequest(.get, file))
            try await send(
                "MOVE", HTTPRequest(.move, file, headers: ["Destination": moved.absoluteString, "Overwrite": "T"]))
            try await send("DELETE", HTTPRequest(.delete, moved))
        }
    } catch {
        print("failed: \(error)")
        return 1
    }
    for name in order {
        let sorted = times[name, default: []].sorted()
        let over = sorted.filter { $0 >= 500 }.count
        print(
            name.padding(toLength: 9, withPad: " ", startingAt: 0)
                + String(
                    format: "n=%d min %.1f median %.1f max %.1f ms, %d at 0.5 s or more",
                    sorted.count, sorted.first ?? 0, sorted[sorted.count / 2], sorted.last ?? 0, over))
    }
    return 0
}

/// A task executor on a serial dispatch queue of its own (never Dispatch's width-limited pool).
final class SerialExecutor: TaskExecutor, Sendable {
    private let queue = DispatchQueue(label: "network-measure.loop")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
