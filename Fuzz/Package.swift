// swift-tools-version: 6.0
import PackageDescription

// The fuzz targets of the parsers of untrusted input (DESIGN.md 6a: what synccli reads from a
// container or a state folder may have been written by anyone). Each `Fuzz...` executable is a
// libFuzzer target, built by scripts/fuzz with `-sanitize=fuzzer,address`; `swift test` runs every
// file of Corpus/<target>/ through the same checks, without the fuzzer. The checks reach internal
// decoders with `@testable import`, so this package builds in debug only.

// MARK: - Settings shared by every target

let swiftSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

/// One libFuzzer executable per parser; each only hands its input to `FuzzChecks`.
let fuzzTargets = [
    "FuzzArchive", "FuzzPlan", "FuzzIgnoreRules", "FuzzContainerDocument", "FuzzPairList",
    "FuzzConfiguration", "FuzzBookmark", "FuzzMultistatus", "FuzzDeletionApproval",
]

// MARK: - Package

let package = Package(
    name: "Fuzz",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: "../Packages/SyncEngine"),
        .package(path: "../Packages/FileTreeInterface"),
        .package(path: "../Packages/FileAccessorMock"),
        .package(path: "../Packages/FileSystemLive"),
        .package(path: "../Packages/BookmarkLive"),
        .package(path: "../Packages/WebDAVSide"),
    ],
    targets: [
        // MARK: The checks: decode, re-encode, decode again; nil when all is well
        .target(
            name: "FuzzChecks",
            dependencies: [
                .product(name: "SyncEngine", package: "SyncEngine"),
                .product(name: "FileTreeInterface", package: "FileTreeInterface"),
                .product(name: "FileAccessorMock", package: "FileAccessorMock"),
                .product(name: "FileSystemLive", package: "FileSystemLive"),
                .product(name: "BookmarkLive", package: "BookmarkLive"),
                .product(name: "WebDAVSide", package: "WebDAVSide"),
            ],
            swiftSettings: swiftSettings
        ),
        // MARK: Tests: the corpus as regression tests
        .testTarget(
            name: "FuzzCorpusTests",
            dependencies: ["FuzzChecks"],
            swiftSettings: swiftSettings
        ),
    ]
        + fuzzTargets.map { name in
            .executableTarget(
                name: name,
                dependencies: ["FuzzChecks"],
                swiftSettings: swiftSettings
            )
        }
)
