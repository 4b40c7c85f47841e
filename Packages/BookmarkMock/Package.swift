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
    name: "BookmarkMock",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "BookmarkMock", targets: ["BookmarkMock"])
    ],
    dependencies: [
        .package(path: "../BookmarkInterface"),
        .package(path: "../InMemorySupport"),
    ],
    targets: [
        // MARK: In-memory implementation for tests
        .target(
            name: "BookmarkMock",
            dependencies: [
                .product(name: "BookmarkInterface", package: "BookmarkInterface"),
                .product(name: "InMemorySupport", package: "InMemorySupport"),
            ],
            swiftSettings: swiftSettings
        ),
        // MARK: Tests
        .testTarget(
            name: "BookmarkMockTests",
            dependencies: [
                "BookmarkMock",
                .product(name: "BookmarkContract", package: "BookmarkInterface"),
                .product(name: "BookmarkInterface", package: "BookmarkInterface"),
                .product(name: "InMemorySupport", package: "InMemorySupport"),
            ],
            swiftSettings: swiftSettings
        ),
    ]
)
