import Testing

@testable import SyncCLICore

@Suite("command descriptions: help and parser cannot disagree")
struct CommandDescriptionTests {
    static let names = CommandRegistry.descriptions.map(\.name)

    @Test("usage and help mention every positional, option and flag, with its short form", arguments: names)
    func complete(name: String) throws {
        let description = try #require(CommandRegistry.description(named: name))
        #expect(description.usage.hasPrefix("synccli \(name)"))
        let help = try #require(HelpText.command(name.split(separator: " ").map(String.init)))
        #expect(help.contains(description.usage) && help.contains(description.summary))
        for positional in description.positionals {
            #expect(description.usage.contains("<\(positional.name)>"), "\(name): <\(positional.name)>")
        }
        for option in description.options {
            #expect(description.usage.contains("--\(option.long)"), "\(name) usage: --\(option.long)")
            #expect(help.contains(option.helpText), "\(name) help: --\(option.long)")
            let helpWords = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(helpWords.contains(option.help), "\(name) help of --\(option.long)")
            if let short = option.short {
                #expect(description.usage.contains("-\(short)|--\(option.long)"), "\(name) usage: -\(short)")
                #expect(help.contains("-\(short), --\(option.long)"), "\(name) help: -\(short)")
            }
            if let value = option.value { #expect(description.usage.contains("--\(option.long) \(value)")) }
        }
    }

    @Test("every option a usage line shows is accepted by the parser", arguments: names)
    func accepted(name: String) throws {
        let description = try #require(CommandRegistry.description(named: name))
        let required = description.positionals.filter { !$0.isOptional }.map { _ in "x" }
        for option in description.options {
            let value =
                option.value == nil
                ? [] : [option.long == "max-delete" ? "10" : option.long == "policy" ? "newer" : "v"]
            let parsed = try ArgumentParser.parse(description, with: required + ["--\(option.long)"] + value)
            #expect(
                parsed.values[option.long] != nil || parsed.flags.contains(option.long), "\(name): --\(option.long)")
            if let short = option.short, option.isFlag {
                #expect(
                    try ArgumentParser.parse(description, with: required + ["-\(short)"]).flags.contains(option.long))
            }
        }
    }

    @Test("help lines fit the help screen's width", arguments: names)
    func width(name: String) throws {
        let help = try #require(CommandRegistry.description(named: name)).help
        for line in help.split(separator: "\n").dropFirst() {
            #expect(line.count <= CommandDescription.helpColumns, "\(name): \(line)")
        }
    }

    @Test("no two options of a command share a name or a short letter", arguments: names)
    func unique(name: String) throws {
        let options = try #require(CommandRegistry.description(named: name)).options
        #expect(Set(options.map(\.long)).count == options.count)
        let shorts = options.compactMap(\.short)
        #expect(Set(shorts).count == shorts.count)
    }

    @Test("plan and trash restore list every flag they accept (they once left some out)")
    func regressions() throws {
        let plan = try #require(CommandRegistry.description(named: "plan")).usage
        #expect(plan.contains("--quiet") && plan.contains("--json") && plan.contains("--out"))
        let restore = try #require(CommandRegistry.description(named: "trash restore")).usage
        #expect(restore.contains("--json") && restore.contains("--quiet") && restore.contains("--to"))
    }

    @Test("the overview lists every command")
    func overview() {
        for name in Self.names { #expect(HelpText.overview.contains("  \(name) ")) }
    }
}

extension ArgumentParser {
    /// Parses `tokens` as the arguments of `description`'s command.
    static func parse(_ description: CommandDescription, with tokens: [String]) throws -> ParsedArguments {
        try parse(tokens, as: description)
    }
}
