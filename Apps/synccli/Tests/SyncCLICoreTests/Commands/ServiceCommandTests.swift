import Foundation
import InMemorySupport
import Testing

@testable import SyncCLICore

@Suite("synccli service install, uninstall and status, over the Mocks")
struct ServiceCommandTests {
    let rig: CLIRig
    let folder = URL(filePath: "/home/me/.config/systemd/user", directoryHint: .isDirectory)
    var unit: URL { folder.appending(path: "synccli-watch.service") }
    var link: URL { folder.appending(path: "default.target.wants/synccli-watch.service") }

    init() throws { rig = try CLIRig() }

    /// Runs `synccli <arguments>` with this machine's service setup.
    func run(_ arguments: [String], environment: [String: String] = ["SYNCCLI_MACHINE": "laptop"]) async -> CLIRig.Run {
        let streams = RecordingStreams()
        let code = await SyncCLI.run(arguments, streams: streams) { explicit, _ in
            var services = rig.services(
                "laptop", streams: streams,
                containers: FakeContainers(
                    inForce: rig.container, explicit: explicit.map { URL(filePath: $0, directoryHint: .isDirectory) }))
            services.service = ServiceSetup(
                executable: URL(filePath: "/opt/sync tools/synccli"), unitFolder: folder, environment: environment,
                files: MockUnitFiles(world: rig.world))
            return services
        }
        return CLIRig.Run(code: code, out: streams.output, err: streams.error)
    }

    var installed: String? { rig.read("synccli-watch.service", in: folder) }

    @Test("install writes exactly this unit, runs nothing, and prints the line that enables it")
    func install() async {
        let result = await run(
            ["service", "install", "--container", "/mnt/drive 100%"],
            environment: ["SYNCCLI_MACHINE": "laptop", "XDG_STATE_HOME": "/home/me/state"])
        #expect(result.code == .success, "\(result.err)")
        #expect(
            installed == """
                # Written by synccli service install; synccli service uninstall removes it.
                [Unit]
                Description=synccli watch: keep folders in sync

                [Service]
                Type=simple
                ExecStart="/opt/sync tools/synccli" watch --container "/mnt/drive 100%%"
                Environment=XDG_STATE_HOME=/home/me/state
                Environment=SYNCCLI_MACHINE=laptop
                Restart=on-failure
                RestartSec=30

                [Install]
                WantedBy=default.target

                """)
        #expect(
            result.out == """
                wrote /home/me/.config/systemd/user/synccli-watch.service
                to start it now and at every login, run:
                  systemctl --user daemon-reload && systemctl --user enable --now synccli-watch.service
                its log: journalctl --user -u synccli-watch.service -f

                """)
        #expect(!rig.names(in: folder).contains("default.target.wants"))
    }

    @Test("a different unit already there is refused without --force, and left as it was; --force replaces it")
    func refusesOverwrite() async throws {
        try rig.put("[Service]\nExecStart=/usr/bin/mine\n", at: "synccli-watch.service", in: folder)
        let refused = await run(["service", "install"])
        #expect(refused.code == .refused)
        #expect(refused.errorLines.count == 1)
        #expect(refused.err.contains("exists and differs from what install would write: nothing was changed"))
        #expect(installed == "[Service]\nExecStart=/usr/bin/mine\n")
        let forced = await run(["service", "install", "--force"])
        #expect(forced.code == .success)
        #expect(forced.out.hasPrefix("replaced /home/me/.config/systemd/user/synccli-watch.service\n"))
        #expect(installed?.contains("ExecStart=\"/opt/sync tools/synccli\" watch\n") == true)
        let again = await run(["service", "install"])
        #expect(again.code == .success)
        #expect(
            again.out.hasPrefix("/home/me/.config/systemd/user/synccli-watch.service is already what install writes"))
    }

    @Test("status says not installed, then installed as install writes it, then different, and enabled")
    func status() async throws {
        #expect(
            await run(["service"]).out
                == "not installed (synccli service install writes /home/me/.config/systemd/user/synccli-watch.service)\n"
        )
        #expect(await run(["service", "install"]).code == .success)
        let same = await run(["service", "status"])
        #expect(
            same.out.hasPrefix(
                "installed at /home/me/.config/systemd/user/synccli-watch.service, as install would write it; not enabled\n"
            ))
        try rig.put("x", at: "default.target.wants/synccli-watch.service", in: folder)
        let other = await run(["service", "status", "--container", "/elsewhere"])
        #expect(
            other.out
                == "installed at /home/me/.config/systemd/user/synccli-watch.service, but it differs from what install "
                + "would write now (synccli service install --force replaces it); enabled\n")
    }

    @Test("uninstall removes the unit and its enabling link, and says how to stop the service; again: nothing to do")
    func uninstall() async throws {
        #expect(await run(["service", "install"]).code == .success)
        try rig.put("x", at: "default.target.wants/synccli-watch.service", in: folder)
        let removed = await run(["service", "uninstall"])
        #expect(removed.code == .success)
        #expect(installed == nil)
        #expect(rig.names(in: folder, "default.target.wants").isEmpty)
        #expect(removed.out.contains("systemctl --user stop synccli-watch.service && systemctl --user daemon-reload"))
        let again = await run(["service", "uninstall"])
        #expect(again.code == .success)
        #expect(again.out == "no unit at /home/me/.config/systemd/user/synccli-watch.service: nothing to remove\n")
    }

    @Test("the unit folder: XDG_CONFIG_HOME when absolute, else HOME/.config; none without either")
    func unitFolder() {
        #expect(
            ServiceSetup.unitFolder(environment: ["XDG_CONFIG_HOME": "/cfg", "HOME": "/home/me"])?.path
                == "/cfg/systemd/user")
        #expect(
            ServiceSetup.unitFolder(environment: ["XDG_CONFIG_HOME": "cfg", "HOME": "/home/me"])?.path
                == "/home/me/.config/systemd/user")
        #expect(ServiceSetup.unitFolder(environment: [:]) == nil)
    }

    @Test("words are quoted as systemd reads them: spaces, quotes, backslashes, % and $")
    func quoting() {
        #expect(UnitFile.quoted("/usr/bin/synccli") == "/usr/bin/synccli")
        #expect(UnitFile.quoted("") == "\"\"")
        #expect(UnitFile.quoted("a b\"c\\d") == "\"a b\\\"c\\\\d\"")
        #expect(UnitFile.quoted("50%$HOME") == "\"50%%$$HOME\"")
        #expect(UnitFile.quoted("X=$HOME", inCommand: false) == "\"X=$HOME\"")
    }

    @Test("without HOME or XDG_CONFIG_HOME, one line and exit 2; nothing written")
    func noHome() async {
        let streams = RecordingStreams()
        let code = await SyncCLI.run(["service", "install"], streams: streams) { _, _ in
            var services = rig.services("laptop", streams: streams, containers: FakeContainers(inForce: rig.container))
            services.service = ServiceSetup(
                executable: URL(filePath: "/usr/bin/synccli"), unitFolder: nil, environment: [:],
                files: MockUnitFiles(world: rig.world))
            return services
        }
        #expect(code == .usage)
        #expect(streams.error.split(separator: "\n").count == 1)
        #expect(!rig.world.withTree { $0.entry(at: PathKey(path: "/home")) != nil })
    }
}
