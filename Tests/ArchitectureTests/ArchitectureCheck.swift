import Foundation

/// The repository this test file belongs to: `Tests/ArchitectureTests/` is two levels down.
let repositoryRoot = URL(filePath: #filePath)
    .deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent()

/// Runs the repository's `scripts/check-architecture` as a child process.
enum ArchitectureCheck {
    /// What one run of the check reported.
    struct Result {
        /// The exit status: 0 no violation, 1 violations, 2 a manifest could not be read.
        let status: Int32
        /// Standard output and standard error together.
        let output: String
    }

    /// Checks every manifest under a folder.
    ///
    /// - Parameter root: The folder to check, laid out like the repository.
    /// - Returns: The exit status and everything the check printed.
    /// - Throws: When the script cannot be started.
    static func run(on root: URL) throws -> Result {
        let process = Process()
        process.executableURL = repositoryRoot.appending(path: "scripts/check-architecture")
        process.arguments = [root.path(percentEncoded: false)]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: String(decoding: output, as: UTF8.self))
    }
}
