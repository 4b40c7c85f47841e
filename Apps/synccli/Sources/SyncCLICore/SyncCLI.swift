public import Foundation
import SyncEngine

/// synccli's entry point: parses, runs one command, maps every failure to one line and an exit code.
public enum SyncCLI {
    /// Runs synccli.
    /// - Parameters:
    ///   - arguments: the arguments after the program name.
    ///   - environment: the process's variables.
    /// - Returns: the exit code.
    public static func run(_ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment)
        async -> ExitCode
    {
        let invocation: Invocation
        do {
            invocation = try ArgumentParser.parse(arguments)
        } catch let error as UsageError {
            Console.error(error.description)
            return .usage
        } catch {
            Console.error(String(describing: error))
            return .usage
        }
        let console = Console(invocation: invocation, environment: environment)
        let failure: CLIFailure
        do {
            let code = try await Commands(invocation: invocation, console: console, environment: environment).run()
            guard let problem = Output.failure else { return code }
            Console.error("the output could not be written (\(problem)); the command itself ran to its end")
            return max(code, .partial)
        } catch let error as CLIFailure {
            failure = error
        } catch let error as SyncError {
            failure = CLIFailure(error)
        } catch {
            failure = CLIFailure(.partial, String(describing: error))
        }
        console.endProgress()
        Console.error(failure.message)
        struct ErrorReport: Encodable {
            var error: String
            var exitCode: Int32
        }
        console.report(ErrorReport(error: failure.message, exitCode: failure.code.rawValue))
        return failure.code
    }
}
