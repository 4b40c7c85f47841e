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
    name: "LockMock",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "LockMock", targets: ["LockMock"])
    ],
    dependencies: [
        .package(path: "../LockInterface"),
        .package(path: "../InMemorySupport"),
    ],
    targets: [
        // MARK: In-memory implementation for tests
        .target(
            name: "LockMock",
            dependencies: [
                .product(name: "LockInterface", package: "LockInterface"),
                .product(name: "InMemorySupport", package: "InMemorySupport"),
            ],
            swiftSettings: swiftSettings
        ),
        // MARK: Tests
        .testTarget(
            name: "LockMockTests",
            dependencies: [
                "LockMock",
                .product(name: "LockContract", package: "LockInterface"),
                .product(name: "LockInterface", package: "LockInterface"),
                .product(name: "InMemorySupport", package: "InMemorySupport"),
            ],
            swiftSettings: swiftSettings
        ),
    ]
)
