// swift-tools-version: 6.0
import PackageDescription

// Live against Mock, trio by trio: the file tree's boundary corpus and random sequences, and
// seeded random step sequences for the file accessor, the lock and the bookmarks, each run on a Live in a fresh
// temporary folder and on its Mock on a fresh MockWorld, every result and error kind compared.
// It may use a Live and a Mock at once; nothing may depend on it (scripts/check-architecture
// knows it as kind "differential").

// MARK: - Settings shared by every target

let swiftSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

// MARK: - Package

let package = Package(
    name: "Differential",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: "../Packages/FileTreeInterface"),
        .package(path: "../Packages/FileTreeLive"),
        .package(path: "../Packages/FileTreeMock"),
        .package(path: "../Packages/InMemorySupport"),
        .package(path: "../Packages/FileAccessorInterface"),
        .package(path: "../Packages/FileAccessorLive"),
        .package(path: "../Packages/FileAccessorMock"),
        .package(path: "../Packages/LockInterface"),
        .package(path: "../Packages/LockLive"),
        .package(path: "../Packages/LockMock"),
        .package(path: "../Packages/BookmarkInterface"),
        .package(path: "../Packages/BookmarkLive"),
        .package(path: "../Packages/BookmarkMock"),
    ],
    targets: [
        // MARK: What every differential run shares: seeded generation and shrinking
        .target(
            name: "DifferentialSupport",
            dependencies: [.product(name: "InMemorySupport", package: "InMemorySupport")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "DifferentialSupportTests",
            dependencies: ["DifferentialSupport"],
            swiftSettings: swiftSettings
        ),
        // MARK: The corpus, the two sides and the comparison
        .target(
            name: "FileTreeDifferential",
            dependencies: [
                "DifferentialSupport",
                .product(name: "FileTreeInterface", package: "FileTreeInterface"),
                .product(name: "FileTreeLive", package: "FileTreeLive"),
                .product(name: "FileTreeMock", package: "FileTreeMock"),
                .product(name: "InMemorySupport", package: "InMemorySupport"),
            ],
            swiftSettings: swiftSettings
        ),
        // MARK: Tests: one per case, and the summary
        .testTarget(
            name: "FileTreeDifferentialTests",
            dependencies: [
                "FileTreeDifferential",
                .product(name: "FileTreeInterface", package: "FileTreeInterface"),
                .product(name: "InMemorySupport", package: "InMemorySupport"),
            ],
            swiftSettings: swiftSettings
        ),
        // MARK: The file accessor trio, by seeded random sequences (issue 18)
        .target(
            name: "AccessorDifferential",
            dependencies: [
                "DifferentialSupport",
                .product(name: "FileAccessorInterface", package: "FileAccessorInterface"),
                .product(name: "FileAccessorLive", package: "FileAccessorLive"),
                .product(name: "FileAccessorMock", package: "FileAccessorMock"),
                .product(name: "InMemorySupport", package: "InMemorySupport"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "AccessorDifferentialTests",
            dependencies: [
                "AccessorDifferential",
                .product(name: "InMemorySupport", package: "InMemorySupport"),
            ],
            swiftSettings: swiftSettings
        ),
        // MARK: The lock trio, by seeded random sequences over several instances
        .target(
            name: "LockDifferential",
            dependencies: [
                "DifferentialSupport",
                .product(name: "LockInterface", package: "LockInterface"),
                .product(name: "LockLive", package: "LockLive"),
                .product(name: "LockMock", package: "LockMock"),
                .product(name: "InMemorySupport", package: "InMemorySupport"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "LockDifferentialTests",
            dependencies: ["LockDifferential", "DifferentialSupport"],
            swiftSettings: swiftSettings
        ),
        // MARK: The bookmark trio: the store and the resolver, by seeded random sequences
        .target(
            name: "BookmarkDifferential",
            dependencies: [
                "DifferentialSupport",
                .product(name: "BookmarkInterface", package: "BookmarkInterface"),
                .product(name: "BookmarkLive", package: "BookmarkLive"),
                .product(name: "BookmarkMock", package: "BookmarkMock"),
                .product(name: "InMemorySupport", package: "InMemorySupport"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "BookmarkDifferentialTests",
            dependencies: ["BookmarkDifferential", "DifferentialSupport"],
            swiftSettings: swiftSettings
        ),
    ]
)
