import Foundation
import InMemorySupport
import WatchMock

@testable import SyncCLICore

/// `synccli watch` over the Mocks: a `CLIRig`'s machines and container, folders watched by
/// `MockFolderWatching` on the same world, a `MockWatchClock` the test moves, and a stop the
/// test triggers.
struct WatchRig {
    let rig: CLIRig
    let watching: MockFolderWatching
    let clock = MockWatchClock()
    let stop = ManualStop()
    let streams = RecordingStreams()

    init() throws {
        rig = try CLIRig()
        watching = MockFolderWatching(world: rig.world)
    }

    /// Starts `synccli <arguments>` as `machine`; the task's value is its exit code.
    func start(_ arguments: [String], as machine: String = "laptop") -> Task<ExitCode, Never> {
        let rig = rig
        let streams = streams
        let watch = WatchServices(watching: watching, clock: clock, stop: stop)
        return Task {
            await SyncCLI.run(arguments, streams: streams) { explicit, _ in
                var services = rig.services(
                    machine, streams: streams,
                    containers: FakeContainers(
                        inForce: rig.container,
                        explicit: explicit.map { URL(filePath: $0, directoryHint: .isDirectory) }
                    ))
                services.watch = watch
                services.makeEngine = { rig.manager(machine) }
                return services
            }
        }
    }

    /// Writes a file in `folder` and tells the watches, as the kernel would.
    func write(_ text: String, at path: String, in folder: URL) throws {
        try rig.put(text, at: path, in: folder)
        watching.deliverChanges()
    }
}
