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
    name: "WatchLive",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "WatchLive", targets: ["WatchLive"])
    ],
    dependencies: [
        .package(path: "../WatchInterface"),
        .package(path: "../POSIXSupport"),
    ],
    targets: [
        // MARK: Production implementation on inotify
        .target(
            name: "WatchLive",
            dependencies: [
                "CWatchShims",
                .product(name: "WatchInterface", package: "WatchInterface"),
                .product(name: "POSIXSupport", package: "POSIXSupport"),
            ],
            swiftSettings: swiftSettings
        ),
        // MARK: The wake-up pipe, made close-on-exec atomically (pipe2 is not in Glibc's Swift overlay)
        .target(name: "CWatchShims"),
        // MARK: Tests
        .testTarget(
            name: "WatchLiveTests",
            dependencies: [
                "WatchLive",
                .product(name: "WatchContract", package: "WatchInterface"),
                .product(name: "WatchInterface", package: "WatchInterface"),
            ],
            swiftSettings: swiftSettings
        ),
    ]
)
