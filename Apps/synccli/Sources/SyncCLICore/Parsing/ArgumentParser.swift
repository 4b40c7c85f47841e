/// synccli's hand-written command-line parser: the one place that knows the syntax.
///
/// `synccli [options] <command> [<subcommand>] [arguments] [--flag] [-nqv] [--option value | --option=value]`.
/// `--help` or `-h` anywhere asks for the command's help, `--version` or `-V` first for the
/// version; `--` ends options. Short flags may be combined (`-nv`). Options before the command
/// (`synccli --container <url> sync docs`) count as the command's own. What it accepts comes from
/// each command's ``CommandDescription`` in ``CommandRegistry``.
enum ArgumentParser {
    /// Parses the arguments after the program name.
    /// - Parameter arguments: the words as typed.
    /// - Returns: the command to run and its arguments; `help` when there are none.
    /// - Throws: ``UsageError`` for an unknown command or option (with a "did you mean" when a
    ///   known one is close), a missing or extra argument, or an option without its value.
    static func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        let (leading, arguments) = try splitLeadingOptions(arguments)
        guard let first = arguments.first else { return ParsedArguments(command: HelpCommand.commandDescription.name) }
        if ["--help", "-h"].contains(first) {
            return try parse(Array(arguments.dropFirst()), as: HelpCommand.commandDescription)
        }
        if ["--version", "-V"].contains(first) {
            return try parse(Array(arguments.dropFirst()), as: VersionCommand.commandDescription)
        }
        var rest = Array(arguments.dropFirst())
        var name = first
        if CommandRegistry.groups.contains(first) {
            if let word = rest.first, !word.hasPrefix("-") {
                name = "\(first) \(word)"
                rest.removeFirst()
            } else if asksForHelp(leading + rest) {
                return ParsedArguments(command: HelpCommand.commandDescription.name, positionals: [first])
            } else if let implied = CommandRegistry.impliedSubcommand[first] {
                name = "\(first) \(implied)"
            } else {
                let words = CommandRegistry.subcommands(of: first).joined(separator: " or ")
                throw UsageError("\(first) needs a subcommand: \(words)", usage: "synccli \(first) \(words) ...")
            }
        }
        rest = leading + rest
        if asksForHelp(rest) {
            return ParsedArguments(
                command: HelpCommand.commandDescription.name, positionals: name.split(separator: " ").map(String.init))
        }
        guard let description = CommandRegistry.description(named: name) else {
            throw unknownCommand(name)
        }
        return try parse(rest, as: description)
    }

    /// Parses the arguments after the command's words against its description.
    /// - Throws: ``UsageError`` as ``parse(_:)`` does.
    static func parse(_ tokens: [String], as description: CommandDescription) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments(command: description.name, usage: description.usage)
        var index = 0
        var optionsEnded = false
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            if token == "--" && !optionsEnded {
                optionsEnded = true
            } else if optionsEnded || token == "-" || !token.hasPrefix("-") {
                parsed.positionals.append(token)
            } else if token.hasPrefix("--") {
                var key = String(token.dropFirst(2))
                var value: String?
                if let equals = key.firstIndex(of: "=") {
                    value = String(key[key.index(after: equals)...])
                    key = String(key[..<equals])
                }
                guard let option = description.option(long: key) else {
                    throw unknownOption("--\(key)", of: description)
                }
                try take(option, value: value, from: tokens, at: &index, into: &parsed)
            } else {
                var letters = Substring(token.dropFirst())
                while let letter = letters.popFirst() {
                    guard let option = description.option(short: letter) else {
                        throw unknownOption("-\(letter)", of: description)
                    }
                    let attached = option.isFlag || letters.isEmpty ? nil : String(letters)
                    if !option.isFlag { letters = "" }
                    try take(option, value: attached, from: tokens, at: &index, into: &parsed)
                }
            }
        }
        let count = description.positionalCount
        if parsed.positionals.count < count.lowerBound {
            let missing = description.positionals.prefix(count.lowerBound).map(\.usageText).joined(separator: " ")
            throw parsed.error("\(description.name) needs \(missing)")
        }
        if parsed.positionals.count > count.upperBound {
            throw parsed.error("unexpected argument \"\(parsed.positionals[count.upperBound])\"")
        }
        return parsed
    }

    // MARK: Pieces

    /// Records one option, reading its value from the next token when it has none attached.
    private static func take(
        _ option: OptionDescription, value: String?, from tokens: [String], at index: inout Int,
        into parsed: inout ParsedArguments
    ) throws(UsageError) {
        if option.isFlag {
            guard value == nil else { throw parsed.error("--\(option.long) takes no value") }
            parsed.flags.insert(option.long)
            return
        }
        if let value {
            parsed.values[option.long] = value
            return
        }
        guard index < tokens.count else { throw parsed.error("--\(option.long) needs a value") }
        parsed.values[option.long] = tokens[index]
        index += 1
    }

    /// Whether `--help` or `-h` comes before any `--`.
    private static func asksForHelp(_ tokens: [String]) -> Bool {
        tokens.prefix { $0 != "--" }.contains { $0 == "--help" || $0 == "-h" }
    }

    /// "unknown command", with the nearest known command when one is close.
    private static func unknownCommand(_ name: String) -> UsageError {
        let words = name.split(separator: " ").map(String.init)
        let candidates: [String]
        let typed: String
        if words.count == 2, CommandRegistry.groups.contains(words[0]) {
            candidates = CommandRegistry.subcommands(of: words[0]).map { "\(words[0]) \($0)" }
            typed = name
        } else {
            candidates = CommandRegistry.topLevelWords
            typed = words.first ?? name
        }
        guard let nearest = Suggestion.nearest(to: typed, among: candidates) else {
            return UsageError("unknown command \"\(name)\" (see synccli --help)")
        }
        return UsageError("unknown command \"\(name)\"; did you mean \"\(nearest)\"?")
    }

    /// "unknown option", with the nearest option of the command when one is close.
    private static func unknownOption(_ typed: String, of description: CommandDescription) -> UsageError {
        let name = typed.drop { $0 == "-" }
        if typed.hasPrefix("--"),
            let nearest = Suggestion.nearest(to: String(name), among: description.options.map(\.long))
        {
            return UsageError("unknown option \(typed) for \(description.name); did you mean --\(nearest)?")
        }
        return UsageError("unknown option \(typed) for \(description.name) (see synccli \(description.name) --help)")
    }

    /// The options before the command, and the arguments from the command on.
    /// - Throws: ``UsageError`` when options are not followed by a command.
    private static func splitLeadingOptions(_ arguments: [String]) throws(UsageError) -> (
        options: [String], rest: [String]
    ) {
        let valued = Set(CommandRegistry.descriptions.flatMap(\.options).filter { !$0.isFlag }.map(\.long))
        let stops: Set<String> = ["--", "--help", "-h", "--version", "-V", "-"]
        var index = 0
        while index < arguments.count {
            let token = arguments[index]
            guard token.hasPrefix("-"), !stops.contains(token) else { break }
            index += valued.contains(String(token.dropFirst(2))) && token.hasPrefix("--") ? 2 : 1
        }
        guard index > 0 else { return ([], arguments) }
        guard index < arguments.count else {
            throw UsageError("\(arguments[0]) must be followed by a command (see synccli --help)")
        }
        return (Array(arguments[..<index]), Array(arguments[index...]))
    }
}
