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
    name: "NetworkMock",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "NetworkMock", targets: ["NetworkMock"])
    ],
    dependencies: [
        .package(path: "../NetworkInterface"),
        .package(path: "../InMemorySupport"),
    ],
    targets: [
        // MARK: Scripted transport and in-memory WebDAV server for tests
        .target(
            name: "NetworkMock",
            dependencies: [
                .product(name: "NetworkInterface", package: "NetworkInterface"),
                .product(name: "InMemorySupport", package: "InMemorySupport"),
            ],
            swiftSettings: swiftSettings
        ),
        // MARK: Tests
        .testTarget(
            name: "NetworkMockTests",
            dependencies: [
                "NetworkMock",
                .product(name: "NetworkContract", package: "NetworkInterface"),
                .product(name: "NetworkInterface", package: "NetworkInterface"),
                .product(name: "InMemorySupport", package: "InMemorySupport"),
            ],
            swiftSettings: swiftSettings
        ),
    ]
)
