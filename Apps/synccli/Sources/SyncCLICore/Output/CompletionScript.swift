import Foundation

/// The completion scripts `synccli completion` prints, made from ``CommandRegistry``: every
/// command word, every subcommand, every option of each command (long and short), and the
/// values of an option that lists its choices (`--policy`).
enum CompletionScript {
    /// For bash (`source <(synccli completion bash)`).
    static var bash: String {
        let groups = CommandRegistry.groups.sorted()
        let groupCases = groups.map { group in
            let subcommands = CommandRegistry.subcommands(of: group).joined(separator: " ")
            return """
                        \(group))
                            if [ "$COMP_CWORD" -eq 2 ]; then
                                COMPREPLY=($(compgen -W "\(subcommands)" -- "$cur")); return
                            fi
                            command="\(group) ${COMP_WORDS[2]}" ;;
                """
        }.joined(separator: "\n")
        let optionCases = CommandRegistry.descriptions.map { description in
            "        \"\(description.name)\") options=\"\(words(of: description).joined(separator: " "))\" ;;"
        }.joined(separator: "\n")
        let valueCases = choices.map { long, values in
            "        --\(long)) COMPREPLY=($(compgen -W \"\(values.joined(separator: " "))\" -- \"$cur\")); return ;;"
        }.joined(separator: "\n")
        return """
            # synccli completion for bash: source <(synccli completion bash)
            _synccli() {
                local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}"
                if [ "$COMP_CWORD" -eq 1 ]; then
                    COMPREPLY=($(compgen -W "\(CommandRegistry.topLevelWords.joined(separator: " "))" -- "$cur")); return
                fi
                case "$prev" in
            \(valueCases)
                esac
                local command="${COMP_WORDS[1]}" options=""
                case "$command" in
            \(groupCases)
                esac
                case "$command" in
            \(optionCases)
                esac
                if [[ "$cur" == -* ]]; then
                    COMPREPLY=($(compgen -W "$options" -- "$cur"))
                else
                    COMPREPLY=($(compgen -f -- "$cur"))
                fi
            }
            complete -o filenames -F _synccli synccli

            """
    }

    /// For zsh: the bash script through zsh's `bashcompinit`.
    static var zsh: String {
        """
        #compdef synccli
        # synccli completion for zsh: source <(synccli completion zsh)
        autoload -U +X bashcompinit && bashcompinit

        """ + bash.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().joined(separator: "\n")
    }

    /// For fish (`synccli completion fish | source`).
    static var fish: String {
        var lines = ["# synccli completion for fish: synccli completion fish | source", "complete -c synccli -f"]
        let groups = CommandRegistry.groups
        for description in CommandRegistry.descriptions {
            let words = description.name.split(separator: " ").map(String.init)
            let summary = quoted(description.summary)
            if words.count == 1 {
                lines.append("complete -c synccli -n __fish_use_subcommand -a \(words[0]) -d \(summary)")
            } else if groups.contains(words[0]) {
                lines.append(
                    "complete -c synccli -n '__fish_seen_subcommand_from \(words[0]); and not __fish_seen_subcommand_from "
                        + "\(CommandRegistry.subcommands(of: words[0]).joined(separator: " "))' -a \(words[1]) -d \(summary)"
                )
            }
            let condition = words.map { "__fish_seen_subcommand_from \($0)" }.joined(separator: "; and ")
            for option in description.options {
                var line = "complete -c synccli -n '\(condition)' -l \(option.long)"
                if let short = option.short { line += " -s \(short)" }
                if let values = choices.first(where: { $0.key == option.long })?.value {
                    line += " -x -a '\(values.joined(separator: " "))'"
                } else if !option.isFlag {
                    line += " -r -F"
                }
                lines.append(line + " -d \(quoted(option.help))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The words an option line offers for a command: each long option, then each short one.
    private static func words(of description: CommandDescription) -> [String] {
        description.options.map { "--\($0.long)" } + description.options.compactMap { $0.short.map { "-\($0)" } }
            + ["--help"]
    }

    /// The options whose value is one of a list (`keep-both|newer|local|container`), by long name.
    private static var choices: [(key: String, value: [String])] {
        var seen: [String: [String]] = [:]
        for option in CommandRegistry.descriptions.flatMap(\.options) {
            guard let value = option.value, !value.hasPrefix("<"), value.contains("|") else { continue }
            seen[option.long] = value.split(separator: "|").map(String.init)
        }
        return seen.sorted { $0.key < $1.key }
    }

    /// `text` as one single-quoted shell word.
    private static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
