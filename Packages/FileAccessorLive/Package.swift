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
    name: "FileAccessorLive",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "FileAccessorLive", targets: ["FileAccessorLive"])
    ],
    dependencies: [
        .package(path: "../FileAccessorInterface"),
        .package(path: "../POSIXSupport"),
    ],
    targets: [
        // MARK: Production implementation on the real file system
        .target(
            name: "FileAccessorLive",
            dependencies: [
                .product(name: "FileAccessorInterface", package: "FileAccessorInterface"),
                .product(name: "POSIXSupport", package: "POSIXSupport"),
            ],
            swiftSettings: swiftSettings
        ),
        // MARK: Tests
        .testTarget(
            name: "FileAccessorLiveTests",
            dependencies: [
                "FileAccessorLive",
                .product(name: "FileAccessorContract", package: "FileAccessorInterface"),
                .product(name: "FileAccessorInterface", package: "FileAccessorInterface"),
                .product(name: "POSIXSupport", package: "POSIXSupport"),
            ],
            swiftSettings: swiftSettings
        ),
    ]
)
