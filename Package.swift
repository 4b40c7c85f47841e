// swift-tools-version: 6.0
import PackageDescription

// MARK: - Settings shared by every target

let swiftSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

/// A release synccli carries the Swift runtime and Foundation inside (what `--static-swift-stdlib`
/// does, for this one executable): it starts in about 5 ms instead of 10, as none of Swift's
/// libraries is linked at start-up (nor libcurl: see CurlOnDemand). It links with the toolchain's
/// lld, which (unlike gold) does not pass on glibc's link-time warning about Foundation's use of
/// `mktemp`.
let staticRuntime: [SwiftSetting] = [
    .unsafeFlags(["-static-stdlib"], .when(platforms: [.linux], configuration: .release))
]

// MARK: - Package: builds synccli (Apps/synccli) and hosts the cross-package tests (Tests/)

let package = Package(
    name: "SyncKit",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "synccli", targets: ["synccli"])
    ],
    dependencies: [
        .package(path: "Packages/SyncEngine"),
        .package(path: "Packages/SyncEngineLive"),
        .package(path: "Packages/FileSystemInterface"),
        .package(path: "Packages/FileSystemLive"),
        .package(path: "Packages/FileAccessorInterface"),
        .package(path: "Packages/FileAccessorLive"),
        .package(path: "Packages/FileTreeInterface"),
        .package(path: "Packages/FileTreeLive"),
        .package(path: "Packages/LockLive"),
        .package(path: "Packages/BookmarkInterface"),
        .package(path: "Packages/BookmarkLive"),
        .package(path: "Packages/NetworkInterface"),
        .package(path: "Packages/NetworkLive"),
        .package(path: "Packages/WebDAVSide"),
        .package(path: "Packages/WatchInterface"),
        .package(path: "Packages/WatchLive"),
        .package(path: "Packages/SyncWatch"),
        // Test doubles, for SyncCLICoreTests only
        .package(path: "Packages/FileSystemMock"),
        .package(path: "Packages/FileAccessorMock"),
        .package(path: "Packages/FileTreeMock"),
        .package(path: "Packages/LockMock"),
        .package(path: "Packages/BookmarkMock"),
        .package(path: "Packages/InMemorySupport"),
        .package(path: "Packages/WatchMock"),
    ],
    targets: [
        // MARK: synccli, the composition root
        .executableTarget(
            name: "synccli",
            dependencies: [
                "SyncCLICore",
                "ProcessMemory",
            ],
            path: "Apps/synccli/Sources/synccli",
            swiftSettings: swiftSettings + staticRuntime,
            // FoundationNetworking, linked statically, needs its C half; libcurl is not linked:
            // CurlOnDemand stands in for it and loads it when a server container first needs it.
            linkerSettings: [
                .unsafeFlags(
                    ["-static-stdlib", "-use-ld=lld", "-Xlinker", "-l_CFURLSessionInterface"],
                    .when(platforms: [.linux], configuration: .release))
            ]
        ),
        .target(
            name: "SyncCLICore",
            dependencies: [
                .product(name: "SyncEngine", package: "SyncEngine"),
                .product(name: "SyncEngineLive", package: "SyncEngineLive"),
                .product(name: "FileSystemInterface", package: "FileSystemInterface"),
                .product(name: "FileSystemLive", package: "FileSystemLive"),
                .product(name: "FileAccessorInterface", package: "FileAccessorInterface"),
                .product(name: "FileAccessorLive", package: "FileAccessorLive"),
                .product(name: "FileTreeInterface", package: "FileTreeInterface"),
                .product(name: "FileTreeLive", package: "FileTreeLive"),
                .product(name: "LockLive", package: "LockLive"),
                .product(name: "BookmarkInterface", package: "BookmarkInterface"),
                .product(name: "BookmarkLive", package: "BookmarkLive"),
                .product(name: "NetworkInterface", package: "NetworkInterface"),
                .product(name: "NetworkLive", package: "NetworkLive"),
                .product(name: "WebDAVSide", package: "WebDAVSide"),
                .product(name: "WatchInterface", package: "WatchInterface"),
                .product(name: "WatchLive", package: "WatchLive"),
                .product(name: "SyncWatch", package: "SyncWatch"),
                "CurlOnDemand",
            ],
            path: "Apps/synccli/Sources/SyncCLICore",
            swiftSettings: swiftSettings
        ),
        // The libcurl functions URLSession calls, loading libcurl at the first call (see its source).
        .target(
            name: "CurlOnDemand",
            path: "Apps/synccli/Sources/CurlOnDemand",
            linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]
        ),
        .target(
            name: "ProcessMemory",
            path: "Apps/synccli/Sources/ProcessMemory"
        ),
        // MARK: Tests
        .testTarget(
            name: "SyncCLICoreTests",
            dependencies: [
                "SyncCLICore",
                "ProcessMemory",
                .product(name: "SyncEngine", package: "SyncEngine"),
                .product(name: "FileSystemInterface", package: "FileSystemInterface"),
                .product(name: "FileAccessorInterface", package: "FileAccessorInterface"),
                .product(name: "FileTreeInterface", package: "FileTreeInterface"),
                .product(name: "BookmarkInterface", package: "BookmarkInterface"),
                .product(name: "FileSystemMock", package: "FileSystemMock"),
                .product(name: "FileAccessorMock", package: "FileAccessorMock"),
                .product(name: "FileTreeMock", package: "FileTreeMock"),
                .product(name: "LockMock", package: "LockMock"),
                .product(name: "BookmarkMock", package: "BookmarkMock"),
                .product(name: "InMemorySupport", package: "InMemorySupport"),
                .product(name: "WatchInterface", package: "WatchInterface"),
                .product(name: "WatchMock", package: "WatchMock"),
                .product(name: "SyncWatch", package: "SyncWatch"),
            ],
            path: "Apps/synccli/Tests/SyncCLICoreTests",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "EndToEndTests",
            path: "Tests/EndToEndTests",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ArchitectureTests",
            path: "Tests/ArchitectureTests",
            swiftSettings: swiftSettings
        ),
    ]
)
