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
    name: "FileTreeInterface",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "FileTreeInterface", targets: ["FileTreeInterface"]),
        .library(name: "FileTreeContract", targets: ["FileTreeContract"]),
        .library(name: "SideContract", targets: ["SideContract"]),
    ],
    dependencies: [
        .package(path: "../ContractSupport")
    ],
    targets: [
        // MARK: Interface
        .target(
            name: "FileTreeInterface",
            swiftSettings: swiftSettings
        ),
        // MARK: Contract every implementation must pass
        .target(
            name: "FileTreeContract",
            dependencies: [
                .product(name: "ContractSupport", package: "ContractSupport"),
                "FileTreeInterface",
            ],
            swiftSettings: swiftSettings
        ),
        // MARK: Contract every side (SyncSideProviding and its opener) must pass
        .target(
            name: "SideContract",
            dependencies: [
                .product(name: "ContractSupport", package: "ContractSupport"),
                "FileTreeInterface",
                "FileTreeContract",
            ],
            swiftSettings: swiftSettings
        ),
        // MARK: Tests
        .testTarget(
            name: "FileTreeInterfaceTests",
            dependencies: [
                "FileTreeInterface",
                "FileTreeContract",
                "SideContract",
            ],
            swiftSettings: swiftSettings
        ),
    ]
)
