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
    name: "SyncEngine",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "SyncEngine", targets: ["SyncEngine"])
    ],
    dependencies: [
        .package(path: "../FileSystemInterface"),
        .package(path: "../FileAccessorInterface"),
        .package(path: "../FileTreeInterface"),
        .package(path: "../LockInterface"),
        .package(path: "../BookmarkInterface"),
        // Test doubles, for the tests only
        .package(path: "../FileSystemMock"),
        .package(path: "../FileAccessorMock"),
        .package(path: "../FileTreeMock"),
        .package(path: "../LockMock"),
        .package(path: "../BookmarkMock"),
        .package(path: "../InMemorySupport"),
        // A container on a WebDAV server in memory, for the tests only
        .package(path: "../WebDAVSide"),
        .package(path: "../NetworkMock"),
    ],
    targets: [
        // MARK: The SyncManager actor and the sync logic (interfaces only)
        .target(
            name: "SyncEngine",
            dependencies: [
                .product(name: "FileSystemInterface", package: "FileSystemInterface"),
                .product(name: "FileAccessorInterface", package: "FileAccessorInterface"),
                .product(name: "FileTreeInterface", package: "FileTreeInterface"),
                .product(name: "LockInterface", package: "LockInterface"),
                .product(name: "BookmarkInterface", package: "BookmarkInterface"),
            ],
            swiftSettings: swiftSettings
        ),
        // MARK: Tests, through the Mocks only
        .testTarget(
            name: "SyncEngineTests",
            dependencies: [
                "SyncEngine",
                .product(name: "FileSystemInterface", package: "FileSystemInterface"),
                .product(name: "FileAccessorInterface", package: "FileAccessorInterface"),
                .product(name: "FileTreeInterface", package: "FileTreeInterface"),
                .product(name: "LockInterface", package: "LockInterface"),
                .product(name: "FileSystemMock", package: "FileSystemMock"),
                .product(name: "FileAccessorMock", package: "FileAccessorMock"),
                .product(name: "FileTreeMock", package: "FileTreeMock"),
                .product(name: "LockMock", package: "LockMock"),
                .product(name: "BookmarkInterface", package: "BookmarkInterface"),
                .product(name: "BookmarkMock", package: "BookmarkMock"),
                .product(name: "InMemorySupport", package: "InMemorySupport"),
                .product(name: "WebDAVSide", package: "WebDAVSide"),
                .product(name: "NetworkMock", package: "NetworkMock"),
            ],
            swiftSettings: swiftSettings
        ),
    ]
)
