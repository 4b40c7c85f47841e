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
    name: "FileAccessorMock",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "FileAccessorMock", targets: ["FileAccessorMock"])
    ],
    dependencies: [
        .package(path: "../FileAccessorInterface"),
        .package(path: "../InMemorySupport"),
    ],
    targets: [
        // MARK: In-memory implementation for tests
        .target(
            name: "FileAccessorMock",
            dependencies: [
                .product(name: "FileAccessorInterface", package: "FileAccessorInterface"),
                .product(name: "InMemorySupport", package: "InMemorySupport"),
            ],
            swiftSettings: swiftSettings
        ),
        // MARK: Tests
        .testTarget(
            name: "FileAccessorMockTests",
            dependencies: [
                "FileAccessorMock",
                .product(name: "FileAccessorContract", package: "FileAccessorInterface"),
                .product(name: "FileAccessorInterface", package: "FileAccessorInterface"),
                .product(name: "InMemorySupport", package: "InMemorySupport"),
            ],
            swiftSettings: swiftSettings
        ),
    ]
)
