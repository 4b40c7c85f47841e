import Foundation
import Testing

@testable import SyncCLICore

/// `synccli manual`: the manual page, made from the command descriptions, and groff reads it.
@Suite("synccli manual")
struct ManualCommandTests {
    /// Runs groff (from groff-base) over `page`: what it printed and what it warned.
    func groff(_ arguments: [String], page: String) throws -> (out: String, warnings: String, status: Int32) {
        let process = Process()
        process.executableURL = URL(filePath: "/usr/bin/groff")
        process.arguments = arguments
        let (input, out, err) = (Pipe(), Pipe(), Pipe())
        process.standardInput = input
        process.standardOutput = out
        process.standardError = err
        try process.run()
        input.fileHandleForWriting.write(Data(page.utf8))
        try input.fileHandleForWriting.close()
        let printed = out.fileHandleForReading.readDataToEndOfFile()
        let warned = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (
            String(decoding: printed, as: UTF8.self), String(decoding: warned, as: UTF8.self),
            process.terminationStatus
        )
    }

    @Test("the page names every command and every option, and groff reads it without a warning")
    func everyCommandAndOption() async throws {
        let result = await (try CLIRig()).run(["manual"])
        #expect(result.code == .success)
        let checked = try groff(["-man", "-ww", "-z"], page: result.out)
        #expect(checked.status == 0 && checked.warnings.isEmpty, "\(checked.warnings)")
        // Rendered as man shows it, its lines joined and its runs of spaces made one.
        let rendered = try groff(["-man", "-Tascii", "-P", "-cbou"], page: result.out).out
            .split(whereSeparator: \.isWhitespace).joined(separator: " ").lowercased()
        for description in CommandRegistry.descriptions {
            #expect(rendered.contains("synccli \(description.name)".lowercased()), "\(description.name)")
            for option in description.options {
                #expect(rendered.contains("--\(option.long)"), "\(description.name) --\(option.long)")
            }
        }
        for code in ExitCode.allCases { #expect(rendered.contains("\(code.rawValue) \(code.meaning)"), "\(code)") }
    }

    @Test("text that roff would take for a request or an escape is escaped")
    func escaping() {
        #expect(ManualPage.escaped(".synccli-root") == "\\&.synccli\\-root")
        #expect(ManualPage.escaped("a\\b") == "a\\eb")
        #expect(ManualPage.escaped("'quoted'") == "\\&'quoted'")
    }
}
