import Foundation

/// `synccli service install`: writes the systemd user unit that runs `synccli watch`, and shows
/// the command that enables it (it never runs systemctl, and never needs root).
struct ServiceInstallCommand: CLICommand {
    static let commandDescription = CommandDescription(
        name: "service install",
        summary: "write a systemd user unit running synccli watch; shows how to enable it",
        options: [.container, .force])

    /// Whether a different unit already there is replaced (`--force`).
    var force: Bool
    var output: OutputOptions

    init(_ arguments: ParsedArguments) throws(UsageError) {
        _ = try arguments.value(.container)
        force = arguments.has(.force)
        output = try OutputOptions(arguments)
    }

    func run(with services: CommandServices, console: Console) async throws -> ExitCode {
        let unit = try ServiceUnit(services)
        let installed = try unit.installed()
        if installed == unit.text {
            console.say("\(unit.url.displayPath) is already what install writes")
        } else {
            if installed != nil && !force {
                throw CLIFailure(
                    .refused,
                    "\(unit.url.displayPath) exists and differs from what install would write: nothing was changed "
                        + "(synccli service status compares them; --force replaces it)")
            }
            do {
                try unit.files.write(Data(unit.text.utf8), to: unit.url)
            } catch {
                throw CLIFailure(.partial, "cannot write \(unit.url.displayPath): \(error.localizedDescription)")
            }
            console.say("\(installed == nil ? "wrote" : "replaced") \(unit.url.displayPath)")
        }
        console.say("to start it now and at every login, run:\n  \(ServiceUnit.enableCommand)")
        console.say("its log: journalctl --user -u \(ServiceSetup.unitName) -f")
        return .success
    }
}
