import Foundation
import InMemorySupport
import NetworkContract
import NetworkInterface
import NetworkMock
import Testing

/// A transport of the app's own: it names the app in every request it passes on.
struct MyTransport: HTTPTransport {
    let base: any HTTPTransport
    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        var request = request
        request.headers["User-Agent"] = "RemoteStore/1.0"
        return try await base.send(request)
    }
}

/// Here in front of the in-memory server behaving as lighttpd; against a real one, `base` is an
/// empty collection on it and the local folder a temporary one.
@Test(arguments: NetworkContract.cases)
func contract(_ check: NetworkContractCase) async throws {
    let world = MockWorld()
    let server = InMemoryWebDAVServer(quirks: .lighttpd)
    server.makeCollection(at: "/case")
    let folder = URL(filePath: "/local", directoryHint: .isDirectory)
    try world.withTree { try $0.makeDirectory(at: PathKey(folder)) }
    let emptyCollection = URL(string: "http://dav.test/case/")!
    try await check.verify(
        NetworkContractFixture(
            transport: MyTransport(base: MockHTTPTransport(world: world, server: server)), base: emptyCollection,
            traits: .lighttpd, localFolder: folder,
            writeLocalFile: { url, data in try world.withTree { try $0.writeFile(data, at: PathKey(url)) } },
            readLocalFile: { url in try world.withTree { try $0.readFile(at: PathKey(url)) } },
            listLocalFolder: { url in
                try world.withTree { try $0.childNames(of: PathKey(url)) }.map { String(decoding: $0, as: UTF8.self) }
            }))
}
