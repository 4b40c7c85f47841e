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
    name: "FileSystemInterface",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "FileSystemInterface", targets: ["FileSystemInterface"]),
        .library(name: "FileSystemContract", targets: ["FileSystemContract"]),
    ],
    dependencies: [
        .package(path: "../ContractSupport")
    ],
    targets: [
        // MARK: Interface
        .target(
            name: "FileSystemInterface",
            swiftSettings: swiftSettings
        ),
        // MARK: Contract every implementation must pass
        .target(
            name: "FileSystemContract",
            dependencies: [
                .product(name: "ContractSupport", package: "ContractSupport"),
                "FileSystemInterface",
            ],
            swiftSettings: swiftSettings
        ),
        // MARK: Tests
        .testTarget(
            name: "FileSystemInterfaceTests",
            dependencies: [
                "FileSystemInterface",
                "FileSystemContract",
            ],
            swiftSettings: swiftSettings
        ),
    ]
)
