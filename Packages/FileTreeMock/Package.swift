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
    name: "FileTreeMock",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "FileTreeMock", targets: ["FileTreeMock"])
    ],
    dependencies: [
        .package(path: "../FileTreeInterface"),
        .package(path: "../InMemorySupport"),
    ],
    targets: [
        // MARK: In-memory implementation for tests
        .target(
            name: "FileTreeMock",
            dependencies: [
                .product(name: "FileTreeInterface", package: "FileTreeInterface"),
                .product(name: "InMemorySupport", package: "InMemorySupport"),
            ],
            swiftSettings: swiftSettings
        ),
        // MARK: Tests
        .testTarget(
            name: "FileTreeMockTests",
            dependencies: [
                "FileTreeMock",
                .product(name: "FileTreeContract", package: "FileTreeInterface"),
                .product(name: "SideContract", package: "FileTreeInterface"),
                .product(name: "FileTreeInterface", package: "FileTreeInterface"),
                .product(name: "InMemorySupport", package: "InMemorySupport"),
            ],
            swiftSettings: swiftSettings
        ),
    ]
)
