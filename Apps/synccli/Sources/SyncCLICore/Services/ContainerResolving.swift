import Foundation

/// Which container a command uses and how it is reached: `--container`, the configured one, the
/// default, and the credentials of a server.
///
/// The Live one reads the environment and the configuration file (``Wiring``); tests give a fixed
/// answer.
protocol ContainerResolving: Sendable {
    /// The `--container` folder (links in the typed path resolved) or server URL (normalized);
    /// nil without the option.
    var explicit: URL? { get }

    /// Where the user puts a server's credentials, for messages.
    var credentialSources: ContainerArgument.CredentialSources { get }

    /// The container in force (`--container`, else the environment, else the configuration, else
    /// the default).
    /// - Returns: its folder or URL, or the failure to report (exit 4, with the reason).
    func containerInForce() -> Result<URL, CLIFailure>

    /// The container in force, where it comes from, and why it is not available (`container show`).
    func describeContainer() -> ContainerInForce

    /// Gets ready to reach `container`: loads its server's credentials (nothing for a folder).
    /// Every command calls this for each container it settles on, before the engine uses it.
    /// - Throws: ``CLIFailure`` (exit 4) when a credentials source exists but is refused.
    func prepare(_ container: URL) throws(CLIFailure)

    /// Makes `container` (a folder or a server URL) the configured container (`container set`).
    /// - Throws: ``CLIFailure`` (exit 1) when the configuration cannot be written.
    func configure(_ container: URL) throws(CLIFailure)
}
