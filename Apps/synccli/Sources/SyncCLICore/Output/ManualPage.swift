import Foundation

/// synccli's manual page (`synccli.1`, in the `man` macros of roff), made from
/// ``CommandRegistry``: every command with its usage line and summary, every option with its
/// help, so the page, the help screens and the parser cannot disagree.
enum ManualPage {
    /// The whole page.
    static var text: String {
        var lines = [
            ".TH SYNCCLI 1 \"\" \"\(escaped(VersionCommand.version))\" \"User Commands\"",
            ".nh",
            ".ad l",
            ".SH NAME",
            "synccli \\- two-way folder sync through a container: a folder several machines see, or a WebDAV server",
            ".SH SYNOPSIS",
        ]
        for description in CommandRegistry.descriptions {
            lines += [".B synccli \(escaped(description.name))", escaped(arguments(of: description)), ".br"]
        }
        lines += [
            ".SH DESCRIPTION",
            "A \\fIpair\\fR links a local folder to \\fI<container>/<pair name>/\\fR. \\fBsynccli sync\\fR copies"
                + " what changed on either side to the other, keeps both versions of a conflict, and moves every"
                + " deleted or replaced version into the trash of the side it left (\\fI.synccli-trash/\\fR),"
                + " where \\fBsynccli trash list\\fR finds it and \\fBsynccli trash restore\\fR puts it back.",
            "At the end of each sync the trash is expired: versions older than 30 days go (\\fBsynccli trash"
                + " keep\\fR sets the days and a size limit per side, by default 10% of the free space), then the"
                + " oldest first while a side holds more than its limit, but never the last copy of a version"
                + " (one that exists nowhere else), which stays until its age passes; \\fBsynccli trash empty\\fR"
                + " frees the rest at once.",
            ".SH COMMANDS",
        ]
        for description in CommandRegistry.descriptions {
            lines += [".TP", ".B synccli \(escaped(description.name))", escaped(sentence(description.summary))]
            guard !description.options.isEmpty else { continue }
            lines.append(".RS")
            for option in description.options {
                lines += [".TP", optionLine(option), escaped(sentence(option.help))]
            }
            lines.append(".RE")
        }
        lines.append(".SH EXIT STATUS")
        lines += ExitCode.allCases.flatMap { [".TP", ".B \($0.rawValue)", escaped(sentence($0.meaning))] }
        lines += [
            ".SH ENVIRONMENT",
            ".TP", ".B SYNCCLI_CONTAINER_SYNC", "The container for one run, as \\fB\\-\\-container\\fR.",
            ".TP", ".B SYNCCLI_MACHINE", "The machine's name in conflict copies and the container's records.",
            ".TP", ".B XDG_STATE_HOME, XDG_CONFIG_HOME, XDG_DATA_HOME",
            "Where the pairs and archives, the configured container and the default container live.",
            ".SH SEE ALSO",
            "\\fBrsync\\fR(1), \\fBunison\\fR(1), \\fBrclone\\fR(1)",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// `[<folder>] [--container <dir|url>] ...`: the usage line after the command's words.
    private static func arguments(of description: CommandDescription) -> String {
        (description.positionals.map(\.usageText) + description.options.map { "[\($0.usageText)]" })
            .joined(separator: " ")
    }

    /// `.BR \-n ", " \-\-dry\-run`, with the value in italics.
    private static func optionLine(_ option: OptionDescription) -> String {
        let names = (option.short.map { "\\-\($0), " } ?? "") + "\\-\\-" + escaped(option.long)
        guard let value = option.value else { return "\\fB\(names)\\fR" }
        return "\\fB\(names)\\fR \\fI\(escaped(value))\\fR"
    }

    /// A help fragment as a sentence: capitalized, ending in a full stop.
    private static func sentence(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst() + (text.hasSuffix(".") ? "" : ".")
    }

    /// `text` safe in roff: backslashes and hyphens escaped, the arrow named, no line starting
    /// with a control character.
    static func escaped(_ text: String) -> String {
        let body = text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
            .replacingOccurrences(of: "→", with: "\\(->")
        return body.hasPrefix(".") || body.hasPrefix("'") ? "\\&" + body : body
    }
}
