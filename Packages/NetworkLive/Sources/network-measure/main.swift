// Sends one large body through the Live transport, for a peak-memory measurement:
//
//   /usr/bin/time -v network-measure upload   http://127.0.0.1:PORT/big.bin /tmp/big.bin
//   /usr/bin/time -v network-measure download http://127.0.0.1:PORT/big.bin /tmp/copy.bin
//
// Prints the status, the bytes moved and the seconds taken; exits 1 on a failure.
import Foundation
import NetworkInterface
import NetworkLive

let arguments = CommandLine.arguments
guard arguments.count == 4, let url = URL(string: arguments[2]), ["upload", "download"].contains(arguments[1]) else {
    print("usage: network-measure upload|download <url> <file>")
    exit(2)
}
let file = URL(filePath: arguments[3])
let request = arguments[1] == "upload"
    ? HTTPRequest(.put, url, body: .file(file))
    : HTTPRequest(.get, url, destination: .file(file))
let start = ContinuousClock.now
do {
    let response = try await URLSessionTransport.shared.send(request)
    let seconds = start.duration(to: .now)
    let bytes = arguments[1] == "upload"
        ? ((try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.int64Value ?? 0)
        : response.byteCount
    print("\(arguments[1]) status \(response.status), \(bytes) bytes in \(seconds)")
    exit(response.isSuccess ? 0 : 1)
} catch {
    print("\(arguments[1]) failed: \(error)")
    exit(1)
}
