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
    name: "FileAccessorInterface",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "FileAccessorInterface", targets: ["FileAccessorInterface"]),
        .library(name: "FileAccessorContract", targets: ["FileAccessorContract"]),
    ],
    dependencies: [
        .package(path: "../ContractSupport")
    ],
    targets: [
        // MARK: Interface
        .target(
            name: "FileAccessorInterface",
            swiftSettings: swiftSettings
        ),
        // MARK: Contract every implementation must pass
        .target(
            name: "FileAccessorContract",
            dependencies: [
                .product(name: "ContractSupport", package: "ContractSupport"),
                "FileAccessorInterface",
            ],
            swiftSettings: swiftSettings
        ),
        // MARK: Tests
        .testTarget(
            name: "FileAccessorInterfaceTests",
            dependencies: [
                "FileAccessorInterface",
                "FileAccessorContract",
            ],
            swiftSettings: swiftSettings
        ),
    ]
)
