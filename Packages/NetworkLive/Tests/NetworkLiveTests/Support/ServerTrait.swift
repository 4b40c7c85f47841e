import Foundation
import Testing

/// Runs a suite with a real WebDAV server: started once before its tests, stopped after them.
/// The server is ``LocalServer/current`` inside the suite.
struct ServerTrait: SuiteTrait, TestScoping {
    let kind: LocalServer.Kind

    var isRecursive: Bool { false }

    func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void)
        async throws
    {
        let server = try LocalServer.start(kind)
        defer { server.stop() }
        try await LocalServer.$current.withValue(server) { try await function() }
    }
}

extension Trait where Self == ServerTrait {
    /// Starts `kind` on a free port of 127.0.0.1 around the suite.
    static func server(_ kind: LocalServer.Kind) -> Self { ServerTrait(kind: kind) }
}

extension LocalServer {
    /// The server of the running suite.
    @TaskLocal static var current: LocalServer?

    /// The running suite's server, or a failure saying the suite has none.
    static func require() throws -> LocalServer {
        guard let current else { throw NotStarted(description: "no server: the suite lacks the .server trait") }
        return current
    }
}
