import Foundation

/// The entries of a netrc file (`machine HOST login USER password PASS`, `default ...`,
/// `macdef` blocks skipped), quoted tokens allowed.
struct Netrc {
    struct Entry {
        /// nil for `default`.
        var machine: String?
        var login: String?
        var password: String?
    }

    var entries: [Entry] = []

    /// Parses netrc text.
    /// - Throws: ``CredentialError/malformed(path:line:reason:)`` naming the line, never its text.
    init(_ text: String, path: String) throws(CredentialError) {
        var current: Entry?
        var pendingKey: (String, Int)?
        var inMacro = false
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            if inMacro {
                if line.trimmingCharacters(in: .whitespaces).isEmpty { inMacro = false }
                continue
            }
            for token in try Self.tokens(of: line, path: path, line: number) {
                if let (key, _) = pendingKey {
                    pendingKey = nil
                    switch key {
                    case "machine":
                        if let done = current { entries.append(done) }
                        current = Entry(machine: token)
                    case "login": current?.login = token
                    case "password": current?.password = token
                    case "macdef":
                        inMacro = true
                    default: break  // account and unknown keys: their value is skipped
                    }
                    if inMacro { break }
                    continue
                }
                switch token {
                case "default":
                    if let done = current { entries.append(done) }
                    current = Entry(machine: nil)
                case "machine", "login", "password", "account", "macdef":
                    guard token == "machine" || token == "macdef" || current != nil else {
                        throw .malformed(path: path, line: number, reason: "\(token) before any machine or default")
                    }
                    pendingKey = (token, number)
                default:
                    throw .malformed(path: path, line: number, reason: "an unexpected word where a keyword belongs")
                }
            }
        }
        if let (key, line) = pendingKey { throw .malformed(path: path, line: line, reason: "\(key) without a value") }
        if let done = current { entries.append(done) }
    }

    /// The credentials for `host`: its `machine` entry, else the `default` one.
    func credentials(for host: String) -> Credentials? {
        let entry =
            entries.first { $0.machine?.lowercased() == host.lowercased() } ?? entries.first { $0.machine == nil }
        guard let entry, let login = entry.login, let password = entry.password else { return nil }
        return Credentials(user: login, password: password)
    }

    /// The whitespace-separated tokens of one line; `"..."` groups, `\` escapes inside quotes.
    private static func tokens(of line: Substring, path: String, line number: Int) throws(CredentialError) -> [String] {
        var tokens: [String] = []
        var current = ""
        var quoted = false
        var escaped = false
        var inToken = false
        for character in line {
            if escaped {
                current.append(character)
                escaped = false
                continue
            }
            if quoted {
                if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    quoted = false
                } else {
                    current.append(character)
                }
                continue
            }
            if character == "\"" {
                quoted = true
                inToken = true
                continue
            }
            if character.isWhitespace {
                if inToken {
                    tokens.append(current)
                    current = ""
                    inToken = false
                }
                continue
            }
            if character == "#" && !inToken && current.isEmpty && tokens.isEmpty { return [] }
            current.append(character)
            inToken = true
        }
        if quoted { throw .malformed(path: path, line: number, reason: "an unterminated quote") }
        if inToken { tokens.append(current) }
        return tokens
    }
}
