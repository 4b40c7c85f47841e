import FileTreeInterface
import FileTreeLive
import Foundation
import POSIXSupport
import Testing

@Suite("What the Live scanner cannot use is reported, never silently dropped")
struct ScanProblemTests {
    let folder: TemporaryFolder
    let root: URL

    init() throws {
        folder = try TemporaryFolder()
        root = try folder.folder("root")
        try AtomicFileWriter.write(Data("ok".utf8), to: root.appending(path: "ok").path)
    }

    @Test("a name that is not valid UTF-8 is a problem of its folder and is skipped")
    func invalidName() throws {
        _ = try folder.folder("root/dir")
        let dir = try FileDescriptor.directory(root.appending(path: "dir").path)
        let name: [CChar] = [0x62, CChar(bitPattern: 0xFF), 0]  // "b", an invalid byte, NUL
        let created = openat(dir.rawValue, name, O_CREAT | O_WRONLY | O_CLOEXEC, 0o644)
        #expect(created >= 0)
        close(created)
        let scan = try POSIXTreeScanner().scan(root: root) { _, _ in false }
        #expect(scan.entries.map(\.path.text) == ["dir", "ok"])
        #expect(scan.problems.count == 1)
        #expect(scan.problems.first?.path == (try RelativePath("dir")))
        #expect(scan.problems.first?.reason.contains("b\\xFF") == true)
        #expect(scan.problems.first?.extent == .nameInFolder, "only the name is unknown, not its folder")
    }

    @Test("a pipe is a problem and is skipped; entry(at:) calls it an io error")
    func pipe() throws {
        #expect(mkfifo(root.appending(path: "pipe").path, 0o644) == 0)
        let scan = try POSIXTreeScanner().scan(root: root) { _, _ in false }
        #expect(scan.entries.map(\.path.text) == ["ok"])
        #expect(scan.problems.map(\.path.text) == ["pipe"])
        #expect(scan.problems.map(\.extent) == [.path])
        let pipe = try RelativePath("pipe")
        #expect {
            _ = try POSIXTreeScanner().entry(at: pipe, in: root)
        } throws: { error in
            guard case TreeError.io(pipe, EINVAL, _) = error else { return false }
            return true
        }
        #expect(throws: TreeError.sourceChanged(pipe)) {
            let expected = TreeEntry(
                path: pipe, kind: .file, size: 0, modificationNanoseconds: 0,
                identity: FileIdentity(device: 0, inode: 0), permissions: 0o644)
            _ = try POSIXFileCopier().copyFile(
                pipe, in: root, expected: expected, to: try RelativePath("copy"), in: root)
        }
    }

    /// The variable naming the root ``unreadableFolderChild()`` scans (only in the child).
    static let childVariable = "FILETREELIVE_UNREADABLE_ROOT"

    @Test("an unreadable folder, and a folder whose names cannot be looked at, are problems, never read as empty")
    func unreadableFolder() throws {
        let locked = try folder.folder("root/locked")
        try AtomicFileWriter.write(Data("x".utf8), to: locked.appending(path: "inside").path)
        // Readable but not searchable: its names are listed, none can be looked at.
        let readOnly = try folder.folder("root/names-only")
        try AtomicFileWriter.write(Data("x".utf8), to: readOnly.appending(path: "inside").path)
        #expect(chmod(locked.path, 0) == 0 && chmod(readOnly.path, 0o444) == 0)
        defer {
            chmod(locked.path, 0o755)
            chmod(readOnly.path, 0o755)
        }
        guard geteuid() == 0 else {
            try Self.expectLockedIsAProblem(root)
            return
        }
        // Root reads every folder: the scan runs in a child process as nobody, which cannot.
        let child = Process()
        child.executableURL = URL(filePath: "/usr/bin/setpriv")
        child.arguments = [
            "--reuid=65534", "--regid=65534", "--clear-groups", "--", CommandLine.arguments[0],
            "--testing-library", "swift-testing", "--filter", "unreadableFolderChild",
        ]
        var environment = ProcessInfo.processInfo.environment
        environment[Self.childVariable] = root.path(percentEncoded: false)
        environment["LLVM_PROFILE_FILE"] = "/dev/null"  // nobody cannot write the coverage profile
        child.environment = environment
        let output = Pipe()
        child.standardOutput = output
        child.standardError = output
        try child.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        child.waitUntilExit()
        #expect(child.terminationStatus == 0, "\(printed)")
        #expect(printed.contains("1 test"), "the child ran the scan: \(printed)")
    }

    /// Run by ``unreadableFolder()`` as nobody, in a child process; elsewhere it does nothing.
    @Test("(child) the scan of a root holding a folder it cannot read")
    func unreadableFolderChild() throws {
        guard let path = ProcessInfo.processInfo.environment[Self.childVariable] else { return }
        try Self.expectLockedIsAProblem(URL(filePath: path, directoryHint: .isDirectory))
    }

    static func expectLockedIsAProblem(_ root: URL) throws {
        let scan = try POSIXTreeScanner().scan(root: root) { _, _ in false }
        #expect(scan.entries.map(\.path.text) == ["locked", "names-only", "ok"])
        #expect(scan.problems.map(\.path.text) == ["locked", "names-only/inside"])
        #expect(scan.problems.first?.reason.hasPrefix("cannot be opened: ") == true, "\(scan.problems)")
        #expect(scan.problems.last?.reason.hasPrefix("cannot be examined: ") == true, "\(scan.problems)")
    }

    @Test("the scanner does not filter names: a stale temporary file is listed (the engine leaves it out)")
    func temporaryFilesAreListed() throws {
        let name = AtomicFileWriter.temporaryPrefix + "0123456789abcdef"
        try AtomicFileWriter.write(Data(), to: root.appending(path: name).path)
        let scan = try POSIXTreeScanner().scan(root: root) { _, _ in false }
        #expect(scan.entries.map(\.path.text) == [name, "ok"])
    }
}
