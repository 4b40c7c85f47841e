import Foundation

/// Everything synccli knows about one command's syntax: its name, positionals, options and flags,
/// and a summary.
///
/// The parser reads it to accept a command line, and the usage line and help screen are made
/// from it (``usage`` and ``help``), so help and parser cannot disagree.
struct CommandDescription: Sendable {
    /// The command's words: `sync`, `trash restore`.
    var name: String
    /// What the command does, in one line.
    var summary: String
    /// The positional arguments, required ones first.
    var positionals: [PositionalDescription] = []
    /// The options and flags, in the order the usage line lists them.
    var options: [OptionDescription] = []

    /// How many positionals the command takes, at least and at most.
    var positionalCount: ClosedRange<Int> {
        positionals.filter { !$0.isOptional }.count...(positionals.last?.repeats == true ? Int.max : positionals.count)
    }

    /// The option named `long`, if the command takes it.
    func option(long: String) -> OptionDescription? { options.first { $0.long == long } }

    /// The option whose short form is `letter`, if the command takes one.
    func option(short letter: Character) -> OptionDescription? { options.first { $0.short == letter } }

    /// `synccli sync [<folder>] [--container <dir|url>] ... [-n|--dry-run]`.
    var usage: String {
        (["synccli", name] + positionals.map(\.usageText) + options.map { "[\($0.usageText)]" })
            .joined(separator: " ")
    }

    /// The usage line, the summary, then each option with what it does, wrapped to
    /// ``helpColumns`` columns.
    var help: String {
        let width = (options.map(\.helpText.count).max() ?? 0) + 2
        let lines = options.flatMap { option in
            Self.wrap(option.help, width: Self.helpColumns - width - 2).enumerated().map { index, line in
                let label = index == 0 ? option.helpText : ""
                return "  " + label.padding(toLength: width, withPad: " ", startingAt: 0) + line
            }
        }
        return ([usage, "  " + summary] + lines).joined(separator: "\n") + "\n"
    }

    /// How wide the help screen's option lines may be.
    static let helpColumns = 100

    /// `text` in lines of at most `width` characters, broken between words (a longer word keeps
    /// a line of its own).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += line.isEmpty ? String(word) : " " + word
        }
        return lines + (line.isEmpty ? [] : [line])
    }
}
