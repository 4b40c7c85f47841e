// A second process for FileLock's cross-process tests.
//
// Usage: LockHolder <lock-folder> <name> <holder-text>
// Takes the lock, prints "locked" and sleeps until killed. When the lock is held elsewhere it
// prints "held: <text>" and exits 3; on any other error it prints one line to stderr and exits 1.
import Foundation
import LockInterface
import LockLive

let arguments = CommandLine.arguments
guard arguments.count == 4 else {
    FileHandle.standardError.write(Data("usage: LockHolder <lock-folder> <name> <holder-text>\n".utf8))
    exit(2)
}
let locking = FileLock(folder: URL(filePath: arguments[1], directoryHint: .isDirectory))
do {
    let lock = try locking.acquire(arguments[2], holder: arguments[3])
    FileHandle.standardOutput.write(Data("locked\n".utf8))
    withExtendedLifetime(lock) {
        while true { sleep(3600) }
    }
} catch LockError.held(let text) {
    FileHandle.standardOutput.write(Data("held: \(text)\n".utf8))
    exit(3)
} catch {
    FileHandle.standardError.write(Data("LockHolder: \(error)\n".utf8))
    exit(1)
}
