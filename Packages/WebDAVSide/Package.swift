// swift-tools-version: 6.0
import PackageDescription

// MARK: - Settings shared by every target

let swiftSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

// MARK: - Package: a sync side on a WebDAV server, over any HTTP transport

let package = Package(
    name: "WebDAVSide",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "WebDAVSide", targets: ["WebDAVSide"])
    ],
    dependencies: [
        .package(path: "../FileTreeInterface"),
        .package(path: "../NetworkInterface"),
        .package(path: "../NetworkMock"),
        .package(path: "../InMemorySupport"),
        .package(path: "../FileTreeMock"),
    ],
    targets: [
        // MARK: The side (interfaces only: the transport is injected)
        .target(
            name: "WebDAVSide",
            dependencies: [
                .product(name: "FileTreeInterface", package: "FileTreeInterface"),
                .product(name: "NetworkInterface", package: "NetworkInterface"),
            ],
            swiftSettings: swiftSettings
        ),
        // MARK: Tests over the in-memory server and its quirks
        .testTarget(
            name: "WebDAVSideTests",
            dependencies: [
                "WebDAVSide",
                .product(name: "FileTreeInterface", package: "FileTreeInterface"),
                .product(name: "FileTreeMock", package: "FileTreeMock"),
                .product(name: "NetworkInterface", package: "NetworkInterface"),
                .product(name: "NetworkMock", package: "NetworkMock"),
                .product(name: "InMemorySupport", package: "InMemorySupport"),
            ],
            swiftSettings: swiftSettings
        ),
    ]
)
