import Foundation
import Testing

/// Runs the built `synccli` binary as a person would, with its own HOME and XDG folders per
/// simulated machine.
struct CLI {
    static let binary: URL? = {
        let candidates = [
            URL(filePath: CommandLine.arguments[0]).deletingLastPathComponent(),
            URL(filePath: #filePath).deletingLastPathComponent().appending(path: "../../.build/debug"),
        ]
        return candidates.map { $0.appending(path: "synccli") }.first {
            FileManager.default.isExecutableFile(atPath: $0.path)
        }
    }()

    /// The binary, or an error telling how to build it.
    static func requireBinary() throws -> URL {
        guard let binary else {
            throw CocoaError(
                .fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "build synccli first (swift build)"])
        }
        return binary
    }

    struct Result {
        var code: Int32
        var out: String
        var err: String
    }

    /// Runs synccli with `arguments` as `machine`.
    static func run(_ arguments: [String], as machine: Machine, in directory: URL? = nil, prefix: [String] = []) throws
        -> Result
    {
        let binary = try requireBinary()
        let process = Process()
        if let first = prefix.first {
            process.executableURL = URL(filePath: first)
            process.arguments = Array(prefix.dropFirst()) + [binary.path] + arguments
        } else {
            process.executableURL = binary
            process.arguments = arguments
        }
        var environment = machine.environment
        if !prefix.isEmpty, environment["LLVM_PROFILE_FILE"] != nil {
            // Another user (setpriv) cannot write the coverage counts where the tests' go, and
            // would say so on standard error: that run's counts are dropped instead.
            environment["LLVM_PROFILE_FILE"] = "/dev/null"
        }
        process.environment = environment
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            code: process.terminationStatus, out: String(decoding: outData, as: UTF8.self),
            err: String(decoding: errData, as: UTF8.self))
    }
}

/// A simulated machine: its own HOME, config, state and data folders, and a name.
struct Machine {
    let name: String
    let home: URL

    init(_ name: String, in world: URL) throws {
        self.name = name
        home = world.appending(path: "home-\(name)", directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    }

    /// The machine's variables, and nothing else of the test's but where a binary built for
    /// coverage writes its counts: without it, synccli would leave `default.profraw` in the
    /// folder it runs in, which may be a folder it syncs.
    var environment: [String: String] {
        var variables = [
            "HOME": home.path, "XDG_CONFIG_HOME": home.appending(path: ".config").path,
            "XDG_STATE_HOME": home.appending(path: ".local/state").path,
            "XDG_DATA_HOME": home.appending(path: ".local/share").path,
            "SYNCCLI_MACHINE": name, "PATH": "/usr/bin:/bin", "NO_COLOR": "1",
        ]
        variables["LLVM_PROFILE_FILE"] = ProcessInfo.processInfo.environment["LLVM_PROFILE_FILE"]
        return variables
    }

    /// A folder in the machine's home.
    func folder(_ name: String) throws -> URL {
        let url = home.appending(path: name, directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// A temporary world: machines' homes and a shared container folder, removed afterwards.
final class World {
    let root: URL
    let container: URL

    init() throws {
        root = URL(filePath: NSTemporaryDirectory()).appending(
            path: "synccli-e2e-\(UUID().uuidString)", directoryHint: .isDirectory)
        container = root.appending(path: "container", directoryHint: .isDirectory)
        try FileManager.default.createDirectory(at: container, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    /// Every file below `folder` (relative path → bytes), without synccli's own files.
    static func files(in folder: URL, includingOwn: Bool = false) -> [String: Data] {
        var result: [String: Data] = [:]
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        else { return [:] }
        for case let url as URL in walker {
            let relative = String(url.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count + 1))
            if !includingOwn && relative.split(separator: "/").contains(where: { $0.hasPrefix(".synccli") }) {
                continue
            }
            if (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
                result[relative] = FileManager.default.contents(atPath: url.path)
            }
        }
        return result
    }

    /// Folder paths below `folder`, without synccli's own.
    static func folders(in folder: URL) -> Set<String> {
        var result: Set<String> = []
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isDirectoryKey])
        else { return [] }
        for case let url as URL in walker
        where (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true {
            let relative = String(url.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count + 1))
            if relative.split(separator: "/").contains(where: { $0.hasPrefix(".synccli") }) { continue }
            result.insert(relative)
        }
        return result
    }

    /// A digest of everything below `root` (paths, bytes, modes, times; not the sync history a
    /// completed sync records): to show nothing changed.
    func fingerprint() -> [String: String] {
        var result: [String: String] = [:]
        guard let walker = FileManager.default.enumerator(atPath: root.path) else { return [:] }
        for case let relative as String in walker {
            // Every completed sync records when it did (`history.json` beside the archive, put
            // there by a rename, which moves its folder's time too), to the second: left out, or
            // a sync that crosses a second boundary would seem to have touched the world.
            if relative.hasSuffix("/history.json") { continue }
            let path = root.appending(path: relative).path
            let attributes = (try? FileManager.default.attributesOfItem(atPath: path)) ?? [:]
            let data = FileManager.default.contents(atPath: path).map { $0.base64EncodedString() } ?? "-"
            let keepsHistory = FileManager.default.fileExists(atPath: path + "/history.json")
            // A pair's lock file is written with its holder when a sync takes it and emptied when
            // it lets go: its time is that of the last sync, its contents (compared) are empty.
            let isLockFile = relative.hasSuffix(".lock") && relative.contains("/synccli/locks/")
            let time = keepsHistory || isLockFile ? "" : "\(attributes[.modificationDate] ?? "")"
            result[relative] = "\(time) \(attributes[.posixPermissions] ?? "") \(data)"
        }
        return result
    }
}

func write(_ text: String, to url: URL) throws {
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
}

func read(_ url: URL) -> String? {
    FileManager.default.contents(atPath: url.path).map { String(decoding: $0, as: UTF8.self) }
}

/// A suite that runs everything on one ``OneMachine`` scene.
protocol OneMachineSuite {
    var scene: OneMachine { get }
}

extension OneMachineSuite {
    var world: World { scene.world }
    var alpha: Machine { scene.alpha }
    var docs: URL { scene.docs }
}

/// One machine, `alpha`, with its `docs` folder and a fresh world.
struct OneMachine {
    let world: World
    let alpha: Machine
    let docs: URL

    init() throws {
        world = try World()
        alpha = try Machine("alpha", in: world.root)
        docs = try alpha.folder("docs")
    }
}
