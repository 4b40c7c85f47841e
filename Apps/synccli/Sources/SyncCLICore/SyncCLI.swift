public import Foundation
import SyncEngine

/// synccli's entry point: parses, runs one command, maps every failure to one line and an exit code.
public enum SyncCLI {
    /// Runs synccli on the Live wiring.
    /// - Parameters:
    ///   - arguments: the arguments after the program name.
    ///   - environment: the process's variables.
    /// - Returns: the exit code.
    public static func run(_ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment)
        async -> ExitCode
    {
        let streams = StandardStreams(environment: environment)
        return await run(arguments, streams: streams) { container, readOnly throws(CLIFailure) in
            var wiring = try Wiring(environment: environment, container: container)
            wiring.readOnly = readOnly
            return wiring.services(streams: streams)
        }
    }

    /// Runs synccli with the services `makeServices` builds (tests give Mocks).
    /// - Parameters:
    ///   - arguments: the arguments after the program name.
    ///   - streams: where usage errors go before the services exist.
    ///   - makeServices: builds the services for the `--container` value given (nil without it)
    ///     and whether the command only looks (``CLICommand/isReadOnly``).
    /// - Returns: the exit code.
    static func run(
        _ arguments: [String], streams: any TextStreams,
        makeServices: (String?, Bool) throws(CLIFailure) -> CommandServices
    ) async -> ExitCode {
        let command: any CLICommand
        let container: String?
        do throws(UsageError) {
            let parsed = try ArgumentParser.parse(arguments)
            guard let type = CommandRegistry.command(named: parsed.command) else {
                throw UsageError("unknown command \"\(parsed.command)\" (see synccli --help)")
            }
            command = try type.init(parsed)
            container = parsed.values[OptionDescription.container.long]
        } catch {
            // A usage error is reported like any failure: with --json anywhere before `--`, also
            // as the JSON error document on standard output.
            let wantsJSON = arguments.prefix { $0 != "--" }.contains("--json")
            let console = Console(streams: streams, options: wantsJSON ? .json : OutputOptions())
            console.error(error.description)
            console.report(ErrorJSON(error: error.description, exitCode: ExitCode.usage.rawValue))
            return .usage
        }
        let console = Console(streams: streams, options: command.output)
        let failure: CLIFailure
        do {
            let services = try makeServices(container, command.isReadOnly)
            let code = try await command.run(with: services, console: console)
            guard let problem = streams.failure else { return code }
            console.error("the output could not be written (\(problem)); the command itself ran to its end")
            return max(code, .partial)
        } catch let error as CLIFailure {
            failure = error
        } catch let error as SyncError {
            failure = CLIFailure(error)
        } catch {
            failure = CLIFailure(.partial, String(describing: error))
        }
        console.endProgress()
        console.error(failure.message)
        console.report(ErrorJSON(error: failure.message, exitCode: failure.code.rawValue))
        return failure.code
    }
}
