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
    name: "ContractSupport",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "ContractSupport", targets: ["ContractSupport"])
    ],
    targets: [
        // MARK: What every interface's contract suite is made of
        .target(
            name: "ContractSupport",
            swiftSettings: swiftSettings
        ),
        // MARK: Tests
        .testTarget(
            name: "ContractSupportTests",
            dependencies: ["ContractSupport"],
            swiftSettings: swiftSettings
        ),
    ]
)
