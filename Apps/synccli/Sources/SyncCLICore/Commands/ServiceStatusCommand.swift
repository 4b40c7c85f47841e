import Foundation

/// `synccli service status`: whether the systemd user unit is there, whether it is what install
/// would write now, and whether it is enabled.
struct ServiceStatusCommand: CLICommand {
    static let commandDescription = CommandDescription(
        name: "service status", summary: "say whether the unit is installed, enabled, and what install would write",
        options: [.container])

    var output: OutputOptions

    init(_ arguments: ParsedArguments) throws(UsageError) {
        _ = try arguments.value(.container)
        output = try OutputOptions(arguments)
    }

    func run(with services: CommandServices, console: Console) async throws -> ExitCode {
        let unit = try ServiceUnit(services)
        let installed = try unit.installed()
        let enabled = unit.isEnabled
        let path = unit.url.displayPath
        switch installed {
        case nil:
            console.say("not installed (synccli service install writes \(path))")
        case unit.text?:
            console.say("installed at \(path), as install would write it; \(enabled ? "enabled" : "not enabled")")
        case _?:
            console.say(
                "installed at \(path), but it differs from what install would write now "
                    + "(synccli service install --force replaces it); \(enabled ? "enabled" : "not enabled")")
        }
        if installed != nil && !enabled { console.say("to enable it, run:\n  \(ServiceUnit.enableCommand)") }
        return .success
    }
}
