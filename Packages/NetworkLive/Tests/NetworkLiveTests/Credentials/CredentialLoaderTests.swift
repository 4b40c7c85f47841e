import Foundation
import NetworkLive
import Testing

@Suite("CredentialLoader reads the environment, a private config file or ~/.netrc, and refuses files others can read")
struct CredentialLoaderTests {
    /// A fresh HOME with an XDG config folder, removed by the caller.
    private func home() throws -> (URL, [String: String]) {
        let home = try makeTemporaryFolder("home")
        return (home, ["HOME": home.path, "XDG_CONFIG_HOME": home.appending(path: "config").path])
    }

    private func write(_ text: String, to url: URL, mode: Int) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path)
    }

    @Test("both environment variables give credentials for any host; one alone is refused")
    func environment() throws {
        let both = CredentialLoader(environment: [
            CredentialLoader.userVariable: "bob", CredentialLoader.passwordVariable: "s3cret",
        ])
        #expect(try both.credentials(for: "dav.test") == Credentials(user: "bob", password: "s3cret"))
        let half = CredentialLoader(environment: [CredentialLoader.passwordVariable: "s3cret"])
        let error = #expect(throws: CredentialError.self) { try half.credentials(for: "dav.test") }
        #expect(error?.description.contains(CredentialLoader.userVariable) == true)
        #expect(error?.description.contains("s3cret") == false)
    }

    @Test("a 0600 file under XDG_CONFIG_HOME/synccli gives the machine's entry, quotes and all")
    func configFile() throws {
        let (home, environment) = try home()
        defer { try? FileManager.default.removeItem(at: home) }
        let loader = CredentialLoader(environment: environment)
        try write(
            """
            # my servers
            machine other.test login x password y
            machine dav.test
              login carol
              password "two words"
            machine quoted.test login "d\\"q" password "a\\\\b\\"c"
            """, to: loader.configFile, mode: 0o600)
        #expect(loader.configFile.path.hasSuffix("config/synccli/credentials"))
        #expect(try loader.credentials(for: "DAV.test") == Credentials(user: "carol", password: "two words"))
        #expect(try loader.credentials(for: "unknown.test") == nil)
        // A backslash in quotes keeps the next character as it is, a quote or a backslash.
        #expect(try loader.credentials(for: "quoted.test") == Credentials(user: "d\"q", password: "a\\b\"c"))
    }

    @Test("~/.netrc is read when the config file has no entry, its default entry last")
    func netrc() throws {
        let (home, environment) = try home()
        defer { try? FileManager.default.removeItem(at: home) }
        let loader = CredentialLoader(environment: environment)
        try write(
            "machine dav.test login dave password pw1\ndefault login anon password pw2\n", to: loader.netrcFile,
            mode: 0o600)
        #expect(try loader.credentials(for: "dav.test")?.user == "dave")
        #expect(try loader.credentials(for: "elsewhere.test")?.user == "anon")
    }

    @Test("a macdef block in ~/.netrc is skipped up to its empty line; the entries after it are read")
    func netrcMacro() throws {
        let (home, environment) = try home()
        defer { try? FileManager.default.removeItem(at: home) }
        let loader = CredentialLoader(environment: environment)
        try write(
            "macdef init\ncd /pub\nmachine fake.test login mallory password no\n\nmachine dav.test login erin password pw3\n",
            to: loader.netrcFile, mode: 0o600)
        #expect(try loader.credentials(for: "dav.test") == Credentials(user: "erin", password: "pw3"))
        #expect(try loader.credentials(for: "fake.test") == nil, "a line of the macro is no entry")
    }

    @Test(
        "a credential file its group or others can read is refused with the reason and the fix",
        arguments: [0o644, 0o640, 0o604, 0o660])
    func refused(mode: Int) throws {
        let (home, environment) = try home()
        defer { try? FileManager.default.removeItem(at: home) }
        let loader = CredentialLoader(environment: environment)
        try write("machine dav.test login erin password topsecret\n", to: loader.configFile, mode: mode)
        let error = #expect(throws: CredentialError.self) { try loader.credentials(for: "dav.test") }
        #expect(error == .readableByOthers(path: loader.configFile.path, mode: UInt32(mode)))
        #expect(error?.description.contains("chmod 600") == true)
        #expect(error?.description.contains("topsecret") == false)
    }

    @Test("a link in place of the credential file is refused, never followed")
    func link() throws {
        let (home, environment) = try home()
        defer { try? FileManager.default.removeItem(at: home) }
        let loader = CredentialLoader(environment: environment)
        let real = home.appending(path: "real")
        try write("machine dav.test login f password g\n", to: real, mode: 0o600)
        try FileManager.default.createDirectory(
            at: loader.configFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: loader.configFile, withDestinationURL: real)
        #expect(throws: CredentialError.notARegularFile(path: loader.configFile.path)) {
            try loader.credentials(for: "dav.test")
        }
    }

    @Test("a malformed file names the line, never its text")
    func malformed() throws {
        let (home, environment) = try home()
        defer { try? FileManager.default.removeItem(at: home) }
        let loader = CredentialLoader(environment: environment)
        try write("machine dav.test\nlogin x password \"unterminated secret\n", to: loader.configFile, mode: 0o600)
        let error = #expect(throws: CredentialError.self) { try loader.credentials(for: "dav.test") }
        #expect(error?.description.contains("line 2") == true)
        #expect(error?.description.contains("secret") == false)
    }

    @Test("no source at all is nil, not an error")
    func none() throws {
        let (home, environment) = try home()
        defer { try? FileManager.default.removeItem(at: home) }
        #expect(try CredentialLoader(environment: environment).credentials(for: "dav.test") == nil)
    }
}
