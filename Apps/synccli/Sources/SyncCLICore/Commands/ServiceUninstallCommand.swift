import Foundation

/// `synccli service uninstall`: removes the systemd user unit and its enabling link, and shows
/// the command that stops the running service.
struct ServiceUninstallCommand: CLICommand {
    static let commandDescription = CommandDescription(
        name: "service uninstall", summary: "remove the systemd user unit (and its enabling link)", options: [])

    /// The line that stops the service still running and forgets the unit.
    static let stopCommand = "systemctl --user stop \(ServiceSetup.unitName) && systemctl --user daemon-reload"

    var output: OutputOptions

    init(_ arguments: ParsedArguments) throws(UsageError) {
        output = try OutputOptions(arguments)
    }

    func run(with services: CommandServices, console: Console) async throws -> ExitCode {
        let unit = try ServiceUnit(services)
        let present = unit.files.exists(unit.url)
        let linked = unit.isEnabled
        guard present || linked else {
            console.say("no unit at \(unit.url.displayPath): nothing to remove")
            return .success
        }
        // The link first: a unit left without it never starts again at login.
        for url in [unit.enabledLink, unit.url] where unit.files.exists(url) {
            do {
                try unit.files.remove(url)
            } catch {
                throw CLIFailure(.partial, "cannot remove \(url.displayPath): \(error.localizedDescription)")
            }
        }
        console.say("removed \(unit.url.displayPath)")
        console.say("to stop the service still running, run:\n  \(Self.stopCommand)")
        return .success
    }
}
