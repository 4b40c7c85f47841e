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
    name: "POSIXSupport",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "POSIXSupport", targets: ["POSIXSupport"])
    ],
    targets: [
        // MARK: System calls Glibc does not expose to Swift
        .target(name: "CPOSIXShims"),
        // MARK: Crash-safe file primitives shared by the Live packages
        .target(
            name: "POSIXSupport",
            dependencies: [
                "CPOSIXShims"
            ],
            swiftSettings: swiftSettings
        ),
        // MARK: Tests
        .testTarget(
            name: "POSIXSupportTests",
            dependencies: [
                "POSIXSupport"
            ],
            swiftSettings: swiftSettings
        ),
    ]
)
