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
    name: "FileTreeLive",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "FileTreeLive", targets: ["FileTreeLive"])
    ],
    dependencies: [
        .package(path: "../FileTreeInterface"),
        .package(path: "../POSIXSupport"),
    ],
    targets: [
        // MARK: Production implementation on the real file system
        .target(
            name: "FileTreeLive",
            dependencies: [
                .product(name: "FileTreeInterface", package: "FileTreeInterface"),
                .product(name: "POSIXSupport", package: "POSIXSupport"),
            ],
            swiftSettings: swiftSettings
        ),
        // MARK: Tests
        .testTarget(
            name: "FileTreeLiveTests",
            dependencies: [
                "FileTreeLive",
                .product(name: "FileTreeContract", package: "FileTreeInterface"),
                .product(name: "SideContract", package: "FileTreeInterface"),
                .product(name: "FileTreeInterface", package: "FileTreeInterface"),
                .product(name: "POSIXSupport", package: "POSIXSupport"),
            ],
            swiftSettings: swiftSettings
        ),
    ]
)
