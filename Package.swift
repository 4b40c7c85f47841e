// swift-tools-version: 6.0
import PackageDescription

// MARK: - Settings shared by every target

let swiftSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

// MARK: - Package

let package = Package(
    name: "SyncKit",
    platforms: [.macOS(.v15)],
    targets: [
        // MARK: Tests across packages
        .testTarget(
            name: "ArchitectureTests",
            path: "Tests/ArchitectureTests",
            swiftSettings: swiftSettings
        ),
    ]
)
