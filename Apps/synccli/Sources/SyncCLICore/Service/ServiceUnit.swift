import Foundation

/// The unit `synccli service` manages on this machine: where it goes, what install would write
/// there now, and what is there.
struct ServiceUnit {
    /// The unit file.
    let url: URL
    /// The link `systemctl --user enable` makes (`default.target.wants/synccli-watch.service`).
    let enabledLink: URL
    /// What install writes.
    let text: String
    let files: any UnitFileStore

    /// The line that starts the service now and at every login.
    static let enableCommand =
        "systemctl --user daemon-reload && systemctl --user enable --now \(ServiceSetup.unitName)"

    /// The unit for `services` (the `--container` given is passed on to `watch`).
    /// - Throws: ``CLIFailure`` (exit 2) where services are not wired, or when neither HOME nor
    ///   XDG_CONFIG_HOME says where the user's units are.
    init(_ services: CommandServices) throws(CLIFailure) {
        guard let setup = services.service else {
            throw CLIFailure(.usage, "synccli service is not available in this build")
        }
        guard let folder = setup.unitFolder else {
            throw CLIFailure(
                .usage, "neither HOME nor XDG_CONFIG_HOME is an absolute path: cannot tell where systemd user units go")
        }
        url = folder.appending(path: ServiceSetup.unitName)
        enabledLink = folder.appending(path: "default.target.wants").appending(path: ServiceSetup.unitName)
        text = UnitFile.text(
            executable: setup.executable, container: services.containers.explicit?.displayPath,
            environment: setup.environment)
        files = setup.files
    }

    /// The unit file there now, as text; nil when there is none.
    /// - Throws: ``CLIFailure`` (exit 1) when something is there that cannot be read.
    func installed() throws(CLIFailure) -> String? {
        do {
            return try files.contents(of: url).map { String(decoding: $0, as: UTF8.self) }
        } catch {
            throw CLIFailure(.partial, "cannot read \(url.displayPath): \(error.localizedDescription)")
        }
    }

    /// Whether `systemctl --user enable` linked it.
    var isEnabled: Bool { files.exists(enabledLink) }
}
