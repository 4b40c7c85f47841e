import FileTreeInterface
import FileTreeMock
import Foundation
import InMemorySupport
import NetworkMock

@testable import WebDAVSide

/// A local folder in an in-memory world and a WebDAV server in memory, with sides on both.
struct Rig {
    let world = MockWorld()
    let server: InMemoryWebDAVServer
    let transport: MockHTTPTransport
    let sides: WebDAVSides
    let localRoot = URL(filePath: "/local", directoryHint: .isDirectory)
    let remoteRoot = URL(string: "http://dav.test/c/")!

    init(quirks: WebDAVQuirks = []) throws {
        server = InMemoryWebDAVServer(quirks: quirks)
        server.makeCollection(at: "/c")
        transport = MockHTTPTransport(world: world, server: server)
        sides = WebDAVSides(transport: transport)
        try world.withTree { try $0.makeDirectory(at: PathKey(localRoot), intermediate: true) }
    }

    var remote: any SyncSideProviding { get throws { try sides.openSide(at: remoteRoot) } }
    var local: any SyncSideProviding { get throws { try MockFolderSides(world: world).openSide(at: localRoot) } }

    func writeLocal(_ text: String, at path: String, modified: Int64 = 1_700_000_000_123_456_789, mode: UInt32 = 0o640)
        throws
    {
        try world.withTree {
            try $0.writeFile(
                Data(text.utf8), at: PathKey(localRoot.appending(path: path)), permissions: mode,
                modificationNanoseconds: modified)
        }
    }

    func localText(_ path: String) -> String? {
        world.withTree {
            ($0.entry(at: PathKey(localRoot.appending(path: path)))?.data).map { String(decoding: $0, as: UTF8.self) }
        }
    }

    func remoteText(_ path: String) -> String? {
        server.file(at: "/c/" + path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Server paths below `/c`, without the side's own files.
    var remotePaths: [String] {
        server.paths.filter { $0.hasPrefix("/c/") && !$0.contains(".synccli") }.map { String($0.dropFirst(3)) }.sorted()
    }

    /// Every path on the server (own files included).
    var allRemotePaths: [String] { server.paths.filter { $0.hasPrefix("/c/") }.sorted() }
}

func path(_ text: String) throws -> RelativePath { try RelativePath(text) }
