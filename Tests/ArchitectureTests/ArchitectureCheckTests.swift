import Foundation
import Testing

/// Runs `scripts/check-architecture` on copies of the repository's manifests.
///
/// Each run copies every `Package.swift` into a fresh temporary folder (the manifests alone:
/// `swift package dump-package` reads no sources), optionally plants changes by editing the
/// copies, and checks the exit status and the lines the check prints. A run costs one
/// `dump-package` per manifest, so the planted violations share one run and each case looks for
/// its own line in it.
@Suite("The architecture check enforces the dependency rules of DESIGN.md section 2")
struct ArchitectureCheckTests {
    /// The check over a copy with every violation of `Plant.violations` planted at once.
    private static let violationsRun = Result { try ManifestCopy.check(planting: Plant.violations) }

    @Test("the repository's manifests break no rule, even copied without their sources")
    func repositoryPasses() throws {
        let result = try ManifestCopy.check(planting: [])

        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("packages checked, 0 violations"), "\(result.output)")
    }

    @Test("a domain package's tests may use a Mock")
    func domainTestsMayUseMocks() throws {
        let result = try ManifestCopy.check(planting: [.domainTests(using: "FileAccessorMock")])

        #expect(result.status == 0, "\(result.output)")
    }

    @Test(
        "a planted violation fails the check and names the package and its dependency",
        arguments: Plant.violations)
    func plantedViolationFails(_ plant: Plant) throws {
        let result = try Self.violationsRun.get()

        #expect(result.status == 1, "\(result.output)")
        #expect(result.output.contains(plant.expected), "\(result.output)")
    }
}
