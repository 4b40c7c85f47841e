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
}
