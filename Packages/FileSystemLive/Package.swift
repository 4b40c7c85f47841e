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
    name: "FileSystemLive",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "FileSystemLive", targets: ["FileSystemLive"])
    ],
    dependencies: [
        .package(path: "../FileSystemInterface"),
        .package(path: "../POSIXSupport"),
    ],
    targets: [
        // MARK: Production implementation on the real file system
        .target(
            name: "FileSystemLive",
            dependencies: [
                .product(name: "FileSystemInterface", package: "FileSystemInterface"),
                .product(name: "POSIXSupport", package: "POSIXSupport"),
            ],
            swiftSettings: swiftSettings
        ),
        // MARK: Tests
        .testTarget(
            name: "FileSystemLiveTests",
            dependencies: [
                "FileSystemLive",
                .product(name: "FileSystemContract", package: "FileSystemInterface"),
                .product(name: "FileSystemInterface", package: "FileSystemInterface"),
                .product(name: "POSIXSupport", package: "POSIXSupport"),
            ],
            swiftSettings: swiftSettings
        ),
    ]
)
