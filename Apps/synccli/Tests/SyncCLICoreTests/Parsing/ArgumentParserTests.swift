import SyncEngine
import Testing

@testable import SyncCLICore

@Suite("synccli's argument parser")
struct ArgumentParserTests {
    @Test("a full sync command line parses into its parts")
    func fullSync() throws {
        let parsed = try ArgumentParser.parse([
            "sync", "docs", "--container", "/mnt/c", "--name=papers", "--dry-run", "--policy", "newer", "--max-delete",
            "80", "--json",
        ])
        #expect(parsed.command == "sync")
        #expect(parsed.positionals == ["docs"])
        #expect(parsed.values == ["container": "/mnt/c", "name": "papers", "policy": "newer", "max-delete": "80"])
        #expect(parsed.flags == ["dry-run", "json"])
        let command = try SyncCommand(parsed)
        #expect(command.folder == "docs" && command.name == "papers" && command.dryRun)
        #expect(command.settings.policy == .newer && command.settings.maxDeletePercent == 80)
        #expect(command.output.mode == .json)
    }

    @Test("short flags: -n is a dry run, not a folder; -q, -v; combined as -nv")
    func shortFlags() throws {
        let dry = try ArgumentParser.parse(["sync", "-n"])
        #expect(dry.positionals.isEmpty && dry.flags == ["dry-run"])
        #expect(try SyncCommand(dry).dryRun)
        #expect(try ArgumentParser.parse(["sync", "docs", "-q"]).flags == ["quiet"])
        let combined = try ArgumentParser.parse(["sync", "-nv", "docs"])
        #expect(combined.flags == ["dry-run", "verbose"] && combined.positionals == ["docs"])
        #expect(
            try SyncCommand(combined).output
                == {
                    var o = OutputOptions()
                    o.verbose = true
                    return o
                }())
        #expect(try ArgumentParser.parse(["-q", "sync", "docs"]).flags == ["quiet"])
    }

    @Test("subcommands of trash and container parse, and container alone means show")
    func subcommands() throws {
        #expect(try ArgumentParser.parse(["trash", "list", "docs"]).command == "trash list")
        let restore = try ArgumentParser.parse(["trash", "restore", "docs", "a/b.txt", "--to", "c.txt"])
        #expect(restore.command == "trash restore" && restore.positionals == ["docs", "a/b.txt"])
        #expect(try TrashRestoreCommand(restore).destination == "c.txt")
        #expect(try ArgumentParser.parse(["container"]).command == "container show")
        #expect(try ArgumentParser.parse(["container", "set", "/x"]).positionals == ["/x"])
    }

    @Test("help and version are recognised everywhere, -h and -V too")
    func help() throws {
        #expect(try ArgumentParser.parse([]).command == "help")
        #expect(try ArgumentParser.parse(["--help"]).command == "help")
        #expect(try ArgumentParser.parse(["-h"]).command == "help")
        #expect(try ArgumentParser.parse(["help", "sync"]).positionals == ["sync"])
        for version in [["--version"], ["-V"], ["version"]] {
            #expect(try ArgumentParser.parse(version).command == "version")
        }
        #expect(
            try ArgumentParser.parse(["sync", "--help"]) == ParsedArguments(command: "help", positionals: ["sync"]))
        #expect(try ArgumentParser.parse(["sync", "-h"]).positionals == ["sync"])
        #expect(try ArgumentParser.parse(["trash", "restore", "--help"]).positionals == ["trash", "restore"])
        #expect(try ArgumentParser.parse(["trash", "--help"]).positionals == ["trash"])
    }

    @Test("-- ends options, so a folder may start with dashes")
    func doubleDash() throws {
        #expect(try ArgumentParser.parse(["sync", "--", "--odd-folder"]).positionals == ["--odd-folder"])
        #expect(try ArgumentParser.parse(["sync", "--", "-n"]).positionals == ["-n"])
    }

    @Test(
        "a mistyped command or option is one line with a did-you-mean, without the usage line",
        arguments: [
            (["snyc"], #"unknown command "snyc"; did you mean "sync"?"#),
            (["stauts"], #"unknown command "stauts"; did you mean "status"?"#),
            (["trash", "lsit", "docs"], #"unknown command "trash lsit"; did you mean "trash list"?"#),
            (["sync", "--dryrun"], "unknown option --dryrun for sync; did you mean --dry-run?"),
            (["sync", "--quite"], "unknown option --quite for sync; did you mean --quiet?"),
            (["status", "--jsno"], "unknown option --jsno for status; did you mean --json?"),
        ])
    func didYouMean(arguments: [String], line: String) throws {
        let error = try #require(throws: UsageError.self) { try ArgumentParser.parse(arguments) }
        #expect(error.description == line)
        #expect(error.usage == nil)
    }

    @Test(
        "a word far from every command gets no guess, only a pointer to the help",
        arguments: [["frobnicate"], ["sync", "--bogus"], ["sync", "-x"]])
    func noGuess(arguments: [String]) throws {
        let error = try #require(throws: UsageError.self) { try ArgumentParser.parse(arguments) }
        #expect(!error.description.contains("did you mean") && error.description.contains("--help"))
    }

    @Test(
        "every bad command line is one usage error naming the problem",
        arguments: [
            (["frobnicate"], "unknown command"),
            (["sync", "--bogus"], "unknown option --bogus"),
            (["sync", "-x"], "unknown option -x"),
            (["sync", "a", "b"], "unexpected argument"),
            (["plan"], "needs <folder>"),
            (["sync", "--policy"], "needs a value"),
            (["sync", "--policy", "random"], "--policy must be"),
            (["sync", "--max-delete", "150"], "--max-delete must be"),
            (["sync", "--max-delete", "ten"], "--max-delete must be"),
            (["sync", "--json", "--quiet"], "cannot be combined"),
            (["sync", "-qv"], "cannot be combined"),
            (["sync", "--dry-run=yes"], "takes no value"),
            (["trash"], "needs a subcommand"),
            (["trash", "purge", "x"], "unknown command"),
            (["trash", "restore", "docs"], "needs"),
            (["sync", "--name="], "non-empty"),
            (["pairs", "-n"], "unknown option -n"),
            (["--container", "/c"], "must be followed by a command"),
        ])
    func badInput(arguments: [String], message: String) {
        do throws(UsageError) {
            let parsed = try ArgumentParser.parse(arguments)
            _ = try CommandRegistry.command(named: parsed.command)?.init(parsed)
            Issue.record("\(arguments) parsed")
        } catch {
            #expect(error.description.contains(message), "\(arguments): \(error.description)")
            #expect(!error.description.contains("\n"))
        }
    }
}
