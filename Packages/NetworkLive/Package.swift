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
    name: "NetworkLive",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "NetworkLive", targets: ["NetworkLive"])
    ],
    dependencies: [
        .package(path: "../NetworkInterface")
    ],
    targets: [
        // MARK: Production transport on URLSession, and the policies any transport can take
        .target(
            name: "NetworkLive",
            dependencies: [
                "CurlUpload",
                .product(name: "NetworkInterface", package: "NetworkInterface"),
            ],
            swiftSettings: swiftSettings
        ),
        // MARK: Large file bodies straight through libcurl (loaded on first use; see its source)
        .target(
            name: "CurlUpload",
            linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]
        ),
        // MARK: Measurement (1 GiB through the transport, run under /usr/bin/time -v)
        .executableTarget(
            name: "network-measure",
            dependencies: [
                "NetworkLive",
                .product(name: "NetworkInterface", package: "NetworkInterface"),
            ],
            swiftSettings: swiftSettings
        ),
        // MARK: Tests
        .testTarget(
            name: "NetworkLiveTests",
            dependencies: [
                "NetworkLive",
                "network-measure",  // built for the tests that run it (Tool/MeasureToolTests)
                .product(name: "NetworkContract", package: "NetworkInterface"),
                .product(name: "NetworkInterface", package: "NetworkInterface"),
            ],
            swiftSettings: swiftSettings
        ),
    ]
)
