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
    name: "InMemorySupport",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "InMemorySupport", targets: ["InMemorySupport"])
    ],
    targets: [
        // MARK: One in-memory world shared by the Mocks of a test
        .target(
            name: "InMemorySupport",
            swiftSettings: swiftSettings
        ),
        // MARK: Tests
        .testTarget(
            name: "InMemorySupportTests",
            dependencies: [
                "InMemorySupport"
            ],
            swiftSettings: swiftSettings
        ),
    ]
)
