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
    name: "SyncWatch",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "SyncWatch", targets: ["SyncWatch"])
    ],
    targets: [
        // MARK: The watch loop's logic (time and sync outcomes in, decisions out)
        .target(
            name: "SyncWatch",
            swiftSettings: swiftSettings
        ),
        // MARK: Tests
        .testTarget(
            name: "SyncWatchTests",
            dependencies: [
                "SyncWatch"
            ],
            swiftSettings: swiftSettings
        ),
    ]
)
