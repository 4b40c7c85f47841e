import Foundation
import Synchronization

@testable import SyncCLICore

/// A container resolution with fixed answers, recording what the command configured and prepared.
final class FakeContainers: ContainerResolving {
    private let state: Mutex<(inForce: URL?, configured: [URL], prepared: [URL])>
    let explicit: URL?
    /// A credentials failure `prepare` throws, if set.
    let prepareFailure: CLIFailure?

    init(inForce: URL?, explicit: URL? = nil, prepareFailure: CLIFailure? = nil) {
        state = Mutex((inForce, [], []))
        self.explicit = explicit
        self.prepareFailure = prepareFailure
    }

    var credentialSources: ContainerArgument.CredentialSources {
        ContainerArgument.CredentialSources(
            file: URL(filePath: "/config/synccli/credentials"), userVariable: "SYNCCLI_WEBDAV_USER",
            passwordVariable: "SYNCCLI_WEBDAV_PASSWORD")
    }

    func containerInForce() -> Result<URL, CLIFailure> {
        if let url = explicit ?? state.withLock({ $0.inForce }) { return .success(url) }
        return .failure(CLIFailure(.containerUnavailable, "the container is not available: not configured"))
    }

    func describeContainer() -> ContainerInForce {
        let url = explicit ?? state.withLock { $0.inForce }
        return ContainerInForce(
            folder: url?.displayPath, source: explicit != nil ? "--container" : "the configuration file",
            problem: url == nil ? "not configured" : nil, isAvailable: url != nil)
    }

    func prepare(_ container: URL) throws(CLIFailure) {
        if let prepareFailure { throw prepareFailure }
        state.withLock { $0.prepared.append(container) }
    }

    func configure(_ container: URL) throws(CLIFailure) {
        state.withLock {
            $0.configured.append(container)
            $0.inForce = container
        }
    }

    /// Every container `configure` was given.
    var configured: [URL] { state.withLock { $0.configured } }
    /// Every container `prepare` was given.
    var prepared: [URL] { state.withLock { $0.prepared } }
}
