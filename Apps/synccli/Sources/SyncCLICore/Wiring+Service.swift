import FileAccessorInterface
import FileAccessorLive
import Foundation

extension Wiring {
    /// `service` on this machine: this process's executable, the unit folder its variables name,
    /// the variables to carry, and the disk.
    var serviceSetup: ServiceSetup {
        let executable =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")).map { URL(filePath: $0) }
            ?? Bundle.main.executableURL ?? URL(filePath: CommandLine.arguments[0]).standardizedFileURL
        return ServiceSetup(
            executable: executable, unitFolder: ServiceSetup.unitFolder(environment: environment),
            environment: processEnvironment.filter { UnitFile.carriedVariables.contains($0.key) },
            files: DiskUnitFiles(accessor: files))
    }
}

/// The unit folder on disk: reads and atomic writes through the file accessor (never through a
/// link), folders made with mode 0755 as systemd expects, links removed, never followed.
struct DiskUnitFiles: UnitFileStore {
    let accessor: any FileAccessorProviding

    func contents(of url: URL) throws -> Data? {
        guard accessor.fileExists(at: url) else { return nil }
        return try accessor.read(from: url)
    }

    func write(_ data: Data, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try accessor.write(data, to: url)
    }

    func exists(_ url: URL) -> Bool { accessor.fileExists(at: url) }

    func remove(_ url: URL) throws {
        try FileManager.default.removeItem(atPath: url.path(percentEncoded: false))
    }
}
