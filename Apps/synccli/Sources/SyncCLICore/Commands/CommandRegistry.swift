/// Every command synccli has, and the words the parser and the help screen derive from them.
enum CommandRegistry {
    /// The commands, in the order the help screen lists them.
    static let commands: [any CLICommand.Type] = [
        SyncCommand.self, WatchCommand.self, PlanCommand.self, ApplyCommand.self, StatusCommand.self, PairsCommand.self,
        ConflictsCommand.self, TrashListCommand.self, TrashRestoreCommand.self, TrashKeepCommand.self,
        TrashEmptyCommand.self, ContainerShowCommand.self,
        ContainerSetCommand.self, ServiceInstallCommand.self, ServiceUninstallCommand.self,
        ServiceStatusCommand.self, HelpCommand.self, VersionCommand.self, CompletionCommand.self, ManualCommand.self,
    ]

    /// Their descriptions, in the same order.
    static var descriptions: [CommandDescription] { commands.map { $0.commandDescription } }

    /// The command named `name` (`trash restore`).
    static func command(named name: String) -> (any CLICommand.Type)? {
        commands.first { $0.commandDescription.name == name }
    }

    /// The description of the command named `name`.
    static func description(named name: String) -> CommandDescription? { command(named: name)?.commandDescription }

    /// First words that only lead to a subcommand (`trash`, `container`).
    static var groups: Set<String> {
        Set(
            descriptions.compactMap { $0.name.split(separator: " ").count > 1 ? $0.name.split(separator: " ")[0] : nil }
                .map(String.init))
    }

    /// The subcommand a group runs when none is given (`container` alone is `container show`).
    static let impliedSubcommand = ["container": "show", "service": "status"]

    /// The subcommands of a group, in order.
    static func subcommands(of group: String) -> [String] {
        descriptions.map(\.name).filter { $0.hasPrefix(group + " ") }.map { String($0.dropFirst(group.count + 1)) }
    }

    /// Every word a command line may start with.
    static var topLevelWords: [String] {
        var seen: [String] = []
        for name in descriptions.map(\.name) {
            let word = String(name.split(separator: " ")[0])
            if !seen.contains(word) { seen.append(word) }
        }
        return seen
    }
}
