import Foundation
import NetworkContract
import NetworkInterface
import Testing

/// Proves the contract can fail: a transport in front of a server that gets everything wrong fails
/// every case with a ``ContractViolation``, and one that turns statuses into errors does too.
@Suite("The network contract catches wrong implementations")
struct ContractCanFailTests {
    @Test("a server that answers 500 to everything fails every case", arguments: NetworkContract.cases)
    func brokenServer(_ check: NetworkContractCase) async {
        await #expect(throws: ContractViolation.self) {
            try await check.verify(fixture(FixedTransport(status: 500)))
        }
    }

    @Test(
        "a transport that throws for an error status fails the cases that expect one",
        arguments: [
            "a GET of a missing resource answers 404 and does not throw",
            "a 404 into a file destination leaves no file",
            "PROPFIND of a missing path answers 404",
        ])
    func throwingStatus(name: String) async throws {
        let check = try #require(NetworkContract.cases.first { $0.name == name })
        await #expect(throws: (any Error).self) {
            try await check.verify(fixture(FixedTransport(status: 404, throwsForStatus: true)))
        }
    }

    @Test("the traits name the quirks of the measured servers")
    func traits() {
        #expect(WebDAVServerTraits().description == "strict")
        #expect(WebDAVServerTraits.lighttpd.description == "no Depth infinity, no mtime")
        #expect(WebDAVServerTraits.rclone.description.contains("ignores conditions"))
    }

    private func fixture(_ transport: FixedTransport) -> NetworkContractFixture {
        NetworkContractFixture(
            transport: transport, base: URL(string: "http://127.0.0.1:9/case/")!, traits: WebDAVServerTraits(),
            localFolder: URL(filePath: "/local"), writeLocalFile: { _, _ in }, readLocalFile: { _ in Data() },
            listLocalFolder: { _ in [] })
    }
}

/// Answers every request with one status and no body, or throws for it.
private struct FixedTransport: HTTPTransport {
    let status: Int
    var throwsForStatus = false

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        if throwsForStatus { throw HTTPTransportError(.other, request, "status \(status)") }
        return HTTPResponse(status: status)
    }
}
