import NetworkMock
import Testing

/// The crash-at-every-step and randomized model-based suites again, with every manager built by
/// the `sides:` initializer over `MockFolderSides` (the other suites build theirs from a scanner,
/// a mutator and a copier): both ways into the engine keep the four invariants.
@Suite("The invariant suites over the sides initializer")
struct SideSeamTests {
    @Test("every crash point of each crash scenario, sides from MockFolderSides", arguments: CrashTests.setups)
    func crashEverywhere(_ setup: CrashTests.Setup) async throws {
        try await TestRig.$seam.withValue(.sides) {
            try await CrashTests().crashEverywhere(setup)
        }
    }

    @Test("randomized scenarios keep the four invariants, sides from MockFolderSides")
    func scenarios() async throws {
        try await TestRig.$seam.withValue(.sides) {
            try await RandomizedInvariantTests().scenarios()
        }
    }

    @Test(
        "every crash point of each crash scenario, the container on a WebDAV server (lighttpd's quirks)",
        arguments: CrashTests.setups)
    func crashEverywhereOverWebDAV(_ setup: CrashTests.Setup) async throws {
        try await TestRig.$seam.withValue(.webDAV(.lighttpd)) {
            try await CrashTests().crashEverywhere(setup)
        }
    }

    @Test(
        "every crash point of each crash scenario, the container on a WebDAV server, four copies at once (a replaced file's trash move beside its upload)",
        arguments: CrashTests.setups)
    func crashEverywhereOverWebDAVSideBySide(_ setup: CrashTests.Setup) async throws {
        try await TestRig.$seam.withValue(.webDAV(.lighttpd)) {
            try await TestRig.$copyWorkers.withValue(4) {
                try await CrashTests().crashEverywhere(setup)
            }
        }
    }

    @Test(
        "randomized scenarios keep the four invariants, the container on a WebDAV server",
        arguments: [WebDAVQuirks.lighttpd, .rclone])
    func scenariosOverWebDAV(_ quirks: WebDAVQuirks) async throws {
        try await TestRig.$seam.withValue(.webDAV(quirks)) {
            try await RandomizedInvariantTests().scenarios(
                RandomizedInvariantTests.seeds(variable: "SYNC_WEBDAV_SCENARIOS", default: 100))
        }
    }
}
