import Foundation
import Testing

@testable import SyncCLICore

/// `synccli completion`: scripts made from the command descriptions, and the bash one works.
@Suite("synccli completion")
struct CompletionCommandTests {
    let rig: CLIRig

    init() throws { rig = try CLIRig() }

    /// What bash completes for `words` (the last one being typed) with the script loaded.
    func bashCompletes(_ words: [String], script: String) throws -> [String] {
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let driver =
            script + """
                COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1)
                _synccli
                printf '%s\\n' "${COMPREPLY[@]}"
                """
        let process = Process()
        process.executableURL = URL(filePath: "/bin/bash")
        process.arguments = ["--norc", "--noprofile", "-c", driver]
        process.currentDirectoryURL = URL(filePath: "/")
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init).sorted()
    }

    @Test(
        "the bash script completes commands, subcommands, options and option values",
        arguments: [
            (["synccli", "sy"], ["sync"]), (["synccli", "trash", "re"], ["restore"]),
            (["synccli", "container", ""], ["set", "show"]), (["synccli", "sync", "--dr"], ["--dry-run"]),
            (["synccli", "sync", "--policy", "ne"], ["newer"]), (["synccli", "trash", "restore", "--t"], ["--to"]),
            (["synccli", "plan", "--o"], ["--out"]), (["synccli", "comp"], ["completion"]),
        ])
    func bash(words: [String], expected: [String]) async throws {
        let result = await rig.run(["completion", "bash"])
        #expect(result.code == .success && result.err.isEmpty)
        #expect(try bashCompletes(words, script: result.out) == expected)
    }

    @Test(
        "every script names every command word and every option of every command", arguments: ["bash", "zsh", "fish"])
    func complete(shell: String) async {
        let script = await rig.run(["completion", shell]).out
        for description in CommandRegistry.descriptions {
            for word in description.name.split(separator: " ") {
                #expect(script.contains(String(word)), "\(shell): \(word)")
            }
            for option in description.options {
                #expect(
                    script.contains("--\(option.long)") || script.contains("-l \(option.long)"),
                    "\(shell): --\(option.long)")
                if let short = option.short {
                    #expect(script.contains("-\(short)") || script.contains("-s \(short)"), "\(shell): -\(short)")
                }
            }
        }
    }

    @Test("another shell is one usage line, exit 2")
    func unknownShell() async {
        let result = await rig.run(["completion", "tcsh"])
        #expect(result.code == .usage && result.errorLines.count == 1 && result.err.contains("bash, zsh or fish"))
        #expect(result.out.isEmpty)
    }
}
