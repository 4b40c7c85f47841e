import Foundation
import Testing

@testable import SyncCLICore

@Suite("synccli container, help and version, over the Mocks")
struct ContainerHelpCommandTests {
    let rig: CLIRig

    init() throws { rig = try CLIRig() }

    @Test("container show names the container and where it comes from; unavailable is exit 4")
    func show() async throws {
        let shown = await rig.run(["container"])
        #expect(shown.code == .success && shown.out == "/container (from the configuration file)\n")
        let json = await rig.run(["container", "show", "--json"])
        let decoded = try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any]
        #expect(decoded?["container"] as? String == "/container" && decoded?["available"] as? Bool == true)
        let none = await rig.run(["container", "show"], containers: FakeContainers(inForce: nil))
        #expect(none.code == .containerUnavailable && none.out.contains("not configured"))
    }

    @Test("container set takes an existing folder or a server URL")
    func set() async throws {
        let containers = FakeContainers(inForce: nil)
        let folder = rig.docs("shared")
        let result = await rig.run(["container", "set", folder.path], containers: containers)
        #expect(result.code == .success && result.out == "container set to /machines/shared/docs\n")
        let server = await rig.run(["container", "set", "http://127.0.0.1:1/x"], containers: containers)
        #expect(server.code == .success && server.out.contains("http://127.0.0.1:1/x/"))
        #expect(containers.configured.map(\.displayPath) == ["/machines/shared/docs", "http://127.0.0.1:1/x/"])
    }

    @Test("container set refuses a missing folder (exit 4) and a URL with a password (exit 2), changing nothing")
    func setRefused() async throws {
        let containers = FakeContainers(inForce: nil)
        let missing = await rig.run(["container", "set", "/nowhere"], containers: containers)
        #expect(missing.code == .containerUnavailable && missing.err.contains("the container was not changed"))
        let secret = await rig.run(["container", "set", "http://u:secret@h/x/"], containers: containers)
        #expect(secret.code == .usage && !secret.err.contains("secret") && secret.errorLines.count == 1)
        #expect(containers.configured.isEmpty)
    }

    @Test("the overview, a command's help and the version go to standard output with exit 0")
    func help() async throws {
        let overview = await rig.run(["--help"])
        #expect(overview.code == .success && overview.out.contains("exit codes") && overview.out.contains("  sync "))
        for words in [["sync"], ["plan"], ["trash"], ["container"], ["apply"]] {
            let result = await rig.run(words + ["--help"])
            #expect(result.code == .success && result.out.contains("synccli \(words[0])"), "\(words)")
            #expect(await rig.run(["help"] + words).out == result.out)
        }
        #expect(await rig.run(["sync", "-h"]).out.contains("-n, --dry-run"))
        for version in [["--version"], ["-V"], ["version"]] {
            #expect(await rig.run(version).out == "synccli 0.1.0\n")
        }
    }

    @Test("a mistyped command is one line with a suggestion and exit 2")
    func mistyped() async throws {
        let result = await rig.run(["snyc", "/machines/laptop/docs"])
        #expect(result.code == .usage && result.out.isEmpty)
        #expect(result.err == "synccli: unknown command \"snyc\"; did you mean \"sync\"?\n")
        let help = await rig.run(["help", "snyc"])
        #expect(help.code == .usage && help.errorLines.count == 1)
    }
}
