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
    name: "LockLive",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "LockLive", targets: ["LockLive"])
    ],
    dependencies: [
        .package(path: "../LockInterface"),
        .package(path: "../POSIXSupport"),
    ],
    targets: [
        // MARK: Production implementation on the real file system
        .target(
            name: "LockLive",
            dependencies: [
                .product(name: "LockInterface", package: "LockInterface"),
                .product(name: "POSIXSupport", package: "POSIXSupport"),
            ],
            swiftSettings: swiftSettings
        ),
        // MARK: A second process for the cross-process tests
        .executableTarget(
            name: "LockHolder",
            dependencies: [
                "LockLive",
                .product(name: "LockInterface", package: "LockInterface"),
            ],
            swiftSettings: swiftSettings
        ),
        // MARK: Tests
        .testTarget(
            name: "LockLiveTests",
            dependencies: [
                "LockLive",
                .product(name: "LockContract", package: "LockInterface"),
                .product(name: "LockInterface", package: "LockInterface"),
                .product(name: "POSIXSupport", package: "POSIXSupport"),
            ],
            swiftSettings: swiftSettings
        ),
    ]
)
