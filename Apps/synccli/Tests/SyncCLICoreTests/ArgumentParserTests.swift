import Testing

@testable import SyncCLICore

@Suite("synccli's argument parser")
struct ArgumentParserTests {
    @Test("a full sync command line parses into its parts")
    func fullSync() throws {
        let invocation = try ArgumentParser.parse([
            "sync", "docs", "--container", "/mnt/c", "--name=papers", "--dry-run", "--policy", "newer", "--max-delete",
            "80", "--json",
        ])
        #expect(invocation.command == "sync")
        #expect(invocation.positionals == ["docs"])
        #expect(invocation.options == ["container": "/mnt/c", "name": "papers", "policy": "newer", "max-delete": "80"])
        #expect(invocation.flags == ["dry-run", "json"])
    }

    @Test("subcommands of trash and container parse, and container alone means show")
    func subcommands() throws {
        #expect(try ArgumentParser.parse(["trash", "list", "docs"]).command == "trash list")
        let restore = try ArgumentParser.parse(["trash", "restore", "docs", "a/b.txt", "--to", "c.txt"])
        #expect(
            restore.command == "trash restore" && restore.positionals == ["docs", "a/b.txt"]
                && restore.options["to"] == "c.txt")
        #expect(try ArgumentParser.parse(["container"]).command == "container show")
        #expect(try ArgumentParser.parse(["container", "set", "/x"]).positionals == ["/x"])
    }

    @Test("help and version are recognised everywhere")
    func help() throws {
        #expect(try ArgumentParser.parse([]).command == "help")
        #expect(try ArgumentParser.parse(["--help"]).command == "help")
        #expect(try ArgumentParser.parse(["--version"]).command == "version")
        #expect(try ArgumentParser.parse(["sync", "--help"]) == Invocation(command: "help", positionals: ["sync"]))
        #expect(try ArgumentParser.parse(["trash", "restore", "--help"]).positionals == ["trash", "restore"])
        #expect(HelpText.command(["sync"])?.contains("--max-delete") == true)
        #expect(HelpText.command(["trash"])?.contains("restore") == true)
    }

    @Test("-- ends options, so a folder may start with dashes")
    func doubleDash() throws {
        #expect(try ArgumentParser.parse(["sync", "--", "--odd-folder"]).positionals == ["--odd-folder"])
    }

    @Test(
        "every bad command line is one usage error naming the problem",
        arguments: [
            (["frobnicate"], "unknown command"),
            (["sync", "--bogus"], "unknown option --bogus"),
            (["sync", "a", "b"], "unexpected argument"),
            (["plan"], "needs <folder>"),
            (["sync", "--policy"], "needs a value"),
            (["sync", "--policy", "random"], "--policy must be"),
            (["sync", "--max-delete", "150"], "--max-delete must be"),
            (["sync", "--max-delete", "ten"], "--max-delete must be"),
            (["sync", "--json", "--quiet"], "cannot be combined"),
            (["sync", "--dry-run=yes"], "takes no value"),
            (["trash"], "needs a subcommand"),
            (["trash", "empty", "x"], "unknown command"),
            (["trash", "restore", "docs"], "needs"),
            (["sync", "--name="], "non-empty"),
        ])
    func badInput(arguments: [String], message: String) {
        do {
            _ = try ArgumentParser.parse(arguments)
            Issue.record("\(arguments) parsed")
        } catch let error as UsageError {
            #expect(error.description.contains(message), "\(arguments): \(error.description)")
            #expect(!error.description.contains("\n"))
        } catch {
            Issue.record("\(arguments): unexpected \(error)")
        }
    }
}
