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
    name: "NetworkInterface",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "NetworkInterface", targets: ["NetworkInterface"]),
        .library(name: "NetworkContract", targets: ["NetworkContract"]),
    ],
    dependencies: [
        .package(path: "../ContractSupport")
    ],
    targets: [
        // MARK: Interface
        .target(
            name: "NetworkInterface",
            swiftSettings: swiftSettings
        ),
        // MARK: Contract every implementation must pass (a WebDAV server behind a transport)
        .target(
            name: "NetworkContract",
            dependencies: [
                .product(name: "ContractSupport", package: "ContractSupport"),
                "NetworkInterface",
            ],
            swiftSettings: swiftSettings
        ),
        // MARK: Tests
        .testTarget(
            name: "NetworkInterfaceTests",
            dependencies: [
                "NetworkInterface",
                "NetworkContract",
            ],
            swiftSettings: swiftSettings
        ),
    ]
)
