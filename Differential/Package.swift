// swift-tools-version: 6.0
import PackageDescription

// The boundary corpus of issue 9 and the seed of issue 18's differential testing: every case
// runs once against the Live file tree (POSIXTreeScanner, POSIXTreeMutator, POSIXFileCopier) in
// a fresh temporary folder and once against the Mock trio on a fresh MockWorld, and the two must
// report the same entries, scan problems and error kinds. It may use a Live and a Mock at once;
// nothing may depend on it (scripts/check-architecture knows it as kind "differential").

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
    ],
    targets: [
        // MARK: The corpus, the two sides and the comparison
        .target(
            name: "FileTreeDifferential",
            dependencies: [
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
    ]
)
