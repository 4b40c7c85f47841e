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
    name: "SyncEngineLive",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "SyncEngineLive", targets: ["SyncEngineLive"])
    ],
    dependencies: [
        .package(path: "../SyncEngine"),
        .package(path: "../FileSystemInterface"),
        .package(path: "../FileSystemLive"),
        .package(path: "../FileAccessorInterface"),
        .package(path: "../FileAccessorLive"),
        .package(path: "../FileTreeInterface"),
        .package(path: "../FileTreeLive"),
        .package(path: "../LockInterface"),
        .package(path: "../LockLive"),
        .package(path: "../BookmarkInterface"),
        .package(path: "../BookmarkLive"),
        .package(path: "../POSIXSupport"),
    ],
    targets: [
        // MARK: Wiring: SyncManager's initializer with Live defaults (no logic)
        .target(
            name: "SyncEngineLive",
            dependencies: [
                .product(name: "SyncEngine", package: "SyncEngine"),
                .product(name: "FileSystemInterface", package: "FileSystemInterface"),
                .product(name: "FileSystemLive", package: "FileSystemLive"),
                .product(name: "FileAccessorInterface", package: "FileAccessorInterface"),
                .product(name: "FileAccessorLive", package: "FileAccessorLive"),
                .product(name: "FileTreeInterface", package: "FileTreeInterface"),
                .product(name: "FileTreeLive", package: "FileTreeLive"),
                .product(name: "LockInterface", package: "LockInterface"),
                .product(name: "LockLive", package: "LockLive"),
                .product(name: "BookmarkInterface", package: "BookmarkInterface"),
                .product(name: "BookmarkLive", package: "BookmarkLive"),
                .product(name: "POSIXSupport", package: "POSIXSupport"),
            ],
            swiftSettings: swiftSettings
        ),
        // MARK: Tests
        .testTarget(
            name: "SyncEngineLiveTests",
            dependencies: [
                "SyncEngineLive",
                .product(name: "SyncEngine", package: "SyncEngine"),
                .product(name: "FileSystemInterface", package: "FileSystemInterface"),
                .product(name: "FileAccessorInterface", package: "FileAccessorInterface"),
                .product(name: "FileTreeInterface", package: "FileTreeInterface"),
            ],
            swiftSettings: swiftSettings
        ),
    ]
)
