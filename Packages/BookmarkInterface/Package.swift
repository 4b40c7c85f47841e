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
    name: "BookmarkInterface",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "BookmarkInterface", targets: ["BookmarkInterface"]),
        .library(name: "BookmarkContract", targets: ["BookmarkContract"]),
    ],
    dependencies: [
        .package(path: "../ContractSupport")
    ],
    targets: [
        // MARK: Interface
        .target(
            name: "BookmarkInterface",
            swiftSettings: swiftSettings
        ),
        // MARK: Contract every implementation must pass
        .target(
            name: "BookmarkContract",
            dependencies: [
                .product(name: "ContractSupport", package: "ContractSupport"),
                "BookmarkInterface",
            ],
            swiftSettings: swiftSettings
        ),
        // MARK: Tests
        .testTarget(
            name: "BookmarkInterfaceTests",
            dependencies: [
                "BookmarkInterface",
                "BookmarkContract",
            ],
            swiftSettings: swiftSettings
        ),
    ]
)
