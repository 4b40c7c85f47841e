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
    name: "SyncWatch",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "SyncWatch", targets: ["SyncWatch"])
    ],
    dependencies: [
        .package(path: "../WatchInterface"),
        .package(path: "../WatchMock"),
        .package(path: "../InMemorySupport"),
    ],
    targets: [
        // MARK: The watch loop's logic (time and sync outcomes in, decisions out)
        .target(
            name: "SyncWatch",
            dependencies: [
                .product(name: "WatchInterface", package: "WatchInterface")
            ],
            swiftSettings: swiftSettings
        ),
        // MARK: Tests
        .testTarget(
            name: "SyncWatchTests",
            dependencies: [
                "SyncWatch",
                .product(name: "WatchInterface", package: "WatchInterface"),
                .product(name: "WatchMock", package: "WatchMock"),
                .product(name: "InMemorySupport", package: "InMemorySupport"),
            ],
            swiftSettings: swiftSettings
        ),
    ]
)
