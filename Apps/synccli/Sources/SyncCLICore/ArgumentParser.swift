/// synccli's hand-written command-line parser: the one place that knows the syntax.
///
/// `synccli [options] <command> [<subcommand>] [arguments] [--flag] [--option value | --option=value]`.
/// `--help` anywhere asks for the command's help; `--` ends options. Options before the command
/// (`synccli --container <url> sync docs`) count as the command's own.
public enum ArgumentParser {
    /// Parses the arguments after the program name.
    /// - Throws: ``UsageError`` for an unknown command or option, a missing or extra argument, or
    ///   an option without its value.
    public static func parse(_ arguments: [String]) throws -> Invocation {
        let (leading, arguments) = try splitLeadingOptions(arguments)
        guard let first = arguments.first else { return Invocation(command: "help") }
        if first == "--help" || first == "-h" || first == "help" {
            return Invocation(command: "help", positionals: Array(arguments.dropFirst().prefix(2)))
        }
        if first == "--version" { return Invocation(command: "version") }
        var rest = Array(arguments.dropFirst())
        var name = first
        if first == "trash" || first == "container" {
            if let sub = rest.first, !sub.hasPrefix("-") {
                name = "\(first) \(sub)"
                rest.removeFirst()
            } else if first == "container" {
                name = "container show"
            } else if !rest.contains("--help") {
                throw UsageError(
                    message: "trash needs a subcommand: list or restore", usage: "synccli trash list|restore ...")
            }
        }
        rest = leading + rest
        if rest.contains("--help") || rest.contains("-h") {
            return Invocation(command: "help", positionals: name.split(separator: " ").map(String.init))
        }
        guard let spec = CommandSpec.named(name) else {
            throw UsageError(message: "unknown command \"\(name)\"", usage: nil)
        }
        var invocation = Invocation(command: name)
        var index = 0
        var optionsEnded = false
        while index < rest.count {
            let token = rest[index]
            index += 1
            if token == "--" && !optionsEnded {
                optionsEnded = true
                continue
            }
            if optionsEnded || !token.hasPrefix("--") {
                invocation.positionals.append(token)
                continue
            }
            var key = String(token.dropFirst(2))
            var value: String?
            if let equals = key.firstIndex(of: "=") {
                value = String(key[key.index(after: equals)...])
                key = String(key[..<equals])
            }
            if spec.flags.contains(key) {
                guard value == nil else { throw UsageError(message: "--\(key) takes no value", usage: spec.usage) }
                invocation.flags.insert(key)
            } else if spec.options.contains(key) {
                if value == nil {
                    guard index < rest.count else {
                        throw UsageError(message: "--\(key) needs a value", usage: spec.usage)
                    }
                    value = rest[index]
                    index += 1
                }
                invocation.options[key] = value
            } else {
                throw UsageError(message: "unknown option --\(key) for \(name)", usage: spec.usage)
            }
        }
        guard spec.positionals.contains(invocation.positionals.count) else {
            let expected = spec.positionalNames.prefix(spec.positionals.upperBound).map { "<\($0)>" }.joined(
                separator: " ")
            let message =
                invocation.positionals.count < spec.positionals.lowerBound
                ? "\(name) needs \(expected)" : "unexpected argument \"\(invocation.positionals.last ?? "")\""
            throw UsageError(message: message, usage: spec.usage)
        }
        try validate(invocation, spec: spec)
        return invocation
    }

    /// The options before the command, and the arguments from the command on.
    /// - Throws: ``UsageError`` when options are not followed by a command.
    private static func splitLeadingOptions(_ arguments: [String]) throws -> (options: [String], rest: [String]) {
        let valued = CommandSpec.all.reduce(into: Set<String>()) { $0.formUnion($1.options) }
        var index = 0
        while index < arguments.count {
            let token = arguments[index]
            guard token.hasPrefix("--"), token != "--", token != "--help", token != "--version" else { break }
            index += valued.contains(String(token.dropFirst(2))) ? 2 : 1
        }
        guard index > 0 else { return ([], arguments) }
        guard index < arguments.count else {
            throw UsageError(message: "\(arguments[0]) must be followed by a command", usage: nil)
        }
        return (Array(arguments[..<index]), Array(arguments[index...]))
    }

    private static func validate(_ invocation: Invocation, spec: CommandSpec) throws {
        if let policy = invocation.options["policy"], !["keep-both", "newer", "local", "container"].contains(policy) {
            throw UsageError(
                message: "--policy must be keep-both, newer, local or container, not \"\(policy)\"", usage: spec.usage)
        }
        if let limit = invocation.options["max-delete"] {
            guard let value = Int(limit), (0...100).contains(value) else {
                throw UsageError(
                    message: "--max-delete must be a whole percentage from 0 to 100, not \"\(limit)\"",
                    usage: spec.usage)
            }
        }
        for key in ["container", "name", "out", "to"] where invocation.options[key]?.isEmpty == true {
            throw UsageError(message: "--\(key) needs a non-empty value", usage: spec.usage)
        }
        if invocation.has("json") && invocation.has("quiet") {
            throw UsageError(message: "--json and --quiet cannot be combined", usage: spec.usage)
        }
    }
}
