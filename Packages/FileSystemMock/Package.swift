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
    name: "FileSystemMock",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "FileSystemMock", targets: ["FileSystemMock"])
    ],
    dependencies: [
        .package(path: "../FileSystemInterface"),
        .package(path: "../InMemorySupport"),
    ],
    targets: [
        // MARK: In-memory implementation for tests
        .target(
            name: "FileSystemMock",
            dependencies: [
                .product(name: "FileSystemInterface", package: "FileSystemInterface"),
                .product(name: "InMemorySupport", package: "InMemorySupport"),
            ],
            swiftSettings: swiftSettings
        ),
        // MARK: Tests
        .testTarget(
            name: "FileSystemMockTests",
            dependencies: [
                "FileSystemMock",
                .product(name: "FileSystemContract", package: "FileSystemInterface"),
                .product(name: "FileSystemInterface", package: "FileSystemInterface"),
                .product(name: "InMemorySupport", package: "InMemorySupport"),
            ],
            swiftSettings: swiftSettings
        ),
    ]
)
