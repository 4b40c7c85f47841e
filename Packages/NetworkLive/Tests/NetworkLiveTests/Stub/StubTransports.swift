import Foundation
import NetworkLive
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The few transports the tests share: one session each for the whole test process (sessions
/// created and torn down in bursts can crash on Linux).
enum StubTransports {
    /// Every request goes to ``StubProtocol``.
    static let stubbed = URLSessionTransport(sessionConfiguration: stubConfiguration())

    /// Every request goes to ``StubProtocol``, and the deadline passes at once.
    static let instantDeadline: URLSessionTransport = {
        var configuration = TransportConfiguration()
        configuration.sleep = { _ in }
        return URLSessionTransport(configuration: configuration, sessionConfiguration: stubConfiguration())
    }()

    /// A real session with a one-second idle timer.
    static let shortIdle: URLSessionTransport = {
        var configuration = TransportConfiguration()
        configuration.idleTimeout = .seconds(1)
        return URLSessionTransport(configuration: configuration)
    }()

    /// Every request goes to ``StubProtocol``; the body-rate clock moves 40 s at each reading.
    static let slowClock = stubbed(clockStep: .seconds(40))
    /// Every request goes to ``StubProtocol``; the body-rate clock moves 1 s at each reading.
    static let quickClock = stubbed(clockStep: .seconds(1))

    private static func stubbed(clockStep: Duration) -> URLSessionTransport {
        let start = ContinuousClock.now
        let readings = Mutex(0)
        var configuration = TransportConfiguration()
        configuration.slowestRate.now = {
            start + clockStep
                * readings.withLock { count in
                    count += 1
                    return count
                }
        }
        return URLSessionTransport(configuration: configuration, sessionConfiguration: stubConfiguration())
    }

    private static func stubConfiguration() -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [StubProtocol.self]
        return configuration
    }
}

/// A unique path for one test, so parallel tests never share a stub.
func uniquePath(_ label: String) -> String {
    "/\(label)-\(UUID().uuidString)"
}

/// The names of URLSession's download files (`<UUID>.tmp`) in the temporary folder now.
func temporaryDownloads() -> Set<String> {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory())) ?? []
    return Set(names.filter { $0.hasSuffix(".tmp") && $0.count == 40 })
}
