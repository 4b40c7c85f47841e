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
    name: "WatchMock",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "WatchMock", targets: ["WatchMock"])
    ],
    dependencies: [
        .package(path: "../WatchInterface"),
        .package(path: "../InMemorySupport"),
    ],
    targets: [
        // MARK: In-memory implementation for tests
        .target(
            name: "WatchMock",
            dependencies: [
                .product(name: "WatchInterface", package: "WatchInterface"),
                .product(name: "InMemorySupport", package: "InMemorySupport"),
            ],
            swiftSettings: swiftSettings
        ),
        // MARK: Tests
        .testTarget(
            name: "WatchMockTests",
            dependencies: [
                "WatchMock",
                .product(name: "WatchContract", package: "WatchInterface"),
                .product(name: "WatchInterface", package: "WatchInterface"),
                .product(name: "InMemorySupport", package: "InMemorySupport"),
            ],
            swiftSettings: swiftSettings
        ),
    ]
)
