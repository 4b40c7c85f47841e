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
    name: "LockInterface",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "LockInterface", targets: ["LockInterface"]),
        .library(name: "LockContract", targets: ["LockContract"]),
    ],
    dependencies: [
        .package(path: "../ContractSupport")
    ],
    targets: [
        // MARK: Interface
        .target(
            name: "LockInterface",
            swiftSettings: swiftSettings
        ),
        // MARK: Contract every implementation must pass
        .target(
            name: "LockContract",
            dependencies: [
                .product(name: "ContractSupport", package: "ContractSupport"),
                "LockInterface",
            ],
            swiftSettings: swiftSettings
        ),
        // MARK: Tests
        .testTarget(
            name: "LockInterfaceTests",
            dependencies: [
                "LockInterface",
                "LockContract",
            ],
            swiftSettings: swiftSettings
        ),
    ]
)
