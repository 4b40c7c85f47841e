import Foundation

/// The systemd user unit `synccli service install` writes: it runs `<synccli> watch` (with the
/// `--container` given), with the variables that place synccli's state and configuration, and
/// restarts it if it fails.
enum UnitFile {
    /// The variables carried into the unit when set (the service must see the same state folder,
    /// configuration, container and machine name as the shell that installed it).
    static let carriedVariables = [
        "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_DATA_HOME", "SYNCCLI_MACHINE", "SYNCCLI_CONTAINER_SYNC",
    ]

    /// The unit's text.
    /// - Parameters:
    ///   - executable: synccli's absolute path.
    ///   - container: the `--container` to pass on, if one was given.
    ///   - environment: the process's variables (only ``carriedVariables`` are used).
    static func text(executable: URL, container: String?, environment: [String: String]) -> String {
        let command =
            [executable.path(percentEncoded: false), "watch"] + (container.map { ["--container", $0] } ?? [])
        let variables = carriedVariables.compactMap { name in
            environment[name].map { "Environment=\(quoted("\(name)=\($0)", inCommand: false))\n" }
        }.joined()
        return """
            # Written by synccli service install; synccli service uninstall removes it.
            [Unit]
            Description=synccli watch: keep folders in sync

            [Service]
            Type=simple
            ExecStart=\(command.map { quoted($0) }.joined(separator: " "))
            \(variables)Restart=on-failure
            RestartSec=30

            [Install]
            WantedBy=default.target

            """
    }

    /// `word` as one systemd word: as it is when it holds only plain characters, else in double
    /// quotes with `\`, `"` and line ends escaped; `%` doubled (a specifier), and `$` too in a
    /// command line (a variable there, not in `Environment=`).
    static func quoted(_ word: String, inCommand: Bool = true) -> String {
        let plain = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-+:=@,")
        if !word.isEmpty && word.allSatisfy(plain.contains) { return word }
        var escaped = word.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"")
            .replacing("\n", with: "\\n").replacing("%", with: "%%")
        if inCommand { escaped = escaped.replacing("$", with: "$$") }
        return "\"" + escaped + "\""
    }
}
