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
    name: "BookmarkLive",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "BookmarkLive", targets: ["BookmarkLive"])
    ],
    dependencies: [
        .package(path: "../BookmarkInterface"),
        .package(path: "../POSIXSupport"),
    ],
    targets: [
        // MARK: Production implementation on the real file system
        .target(
            name: "BookmarkLive",
            dependencies: [
                .product(name: "BookmarkInterface", package: "BookmarkInterface"),
                .product(name: "POSIXSupport", package: "POSIXSupport"),
            ],
            swiftSettings: swiftSettings
        ),
        // MARK: A second process for the store's cross-process tests
        .executableTarget(
            name: "BookmarkStress",
            dependencies: [
                "BookmarkLive"
            ],
            swiftSettings: swiftSettings
        ),
        // MARK: Tests
        .testTarget(
            name: "BookmarkLiveTests",
            dependencies: [
                "BookmarkLive",
                .product(name: "BookmarkContract", package: "BookmarkInterface"),
                .product(name: "BookmarkInterface", package: "BookmarkInterface"),
                .product(name: "POSIXSupport", package: "POSIXSupport"),
            ],
            swiftSettings: swiftSettings
        ),
    ]
)
