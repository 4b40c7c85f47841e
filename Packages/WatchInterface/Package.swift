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
    name: "WatchInterface",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "WatchInterface", targets: ["WatchInterface"]),
        .library(name: "WatchContract", targets: ["WatchContract"]),
    ],
    dependencies: [
        .package(path: "../ContractSupport")
    ],
    targets: [
        // MARK: Interface
        .target(
            name: "WatchInterface",
            swiftSettings: swiftSettings
        ),
        // MARK: Contract every implementation must pass
        .target(
            name: "WatchContract",
            dependencies: [
                .product(name: "ContractSupport", package: "ContractSupport"),
                "WatchInterface",
            ],
            swiftSettings: swiftSettings
        ),
        // MARK: Tests
        .testTarget(
            name: "WatchInterfaceTests",
            dependencies: [
                "WatchInterface",
                "WatchContract",
            ],
            swiftSettings: swiftSettings
        ),
    ]
)
