// swift-tools-version: 6.0
import PackageDescription

// An app's package that pulls the network interface, the Live transport and the Mock, as the
// NetworkInterface README shows; its sources hold the network READMEs' code samples word for word
// (scripts/test-scripts checks).
let package = Package(
    name: "RemoteStore",
    platforms: [.macOS(.v15)],
    // Package.swift of your app (here Examples/RemoteStore: the kit's packages are two folders up)
    dependencies: [
        .package(path: "../../Packages/NetworkInterface"),
        .package(path: "../../Packages/NetworkLive"),
        .package(path: "../../Packages/NetworkMock"),
        .package(path: "../../Packages/InMemorySupport"),  // the Mock's world, for the contract's local files
    ],
    targets: [
        .target(name: "RemoteStore", dependencies: [.product(name: "NetworkInterface", package: "NetworkInterface")]),
        .target(
            name: "RemoteStoreLive",
            dependencies: [  // the app's own wiring
                "RemoteStore", .product(name: "NetworkLive", package: "NetworkLive"),
            ]
        ),
        .testTarget(
            name: "RemoteStoreTests",
            dependencies: [
                "RemoteStore", .product(name: "NetworkMock", package: "NetworkMock"),
                .product(name: "NetworkInterface", package: "NetworkInterface"),
                .product(name: "NetworkContract", package: "NetworkInterface"),
                .product(name: "InMemorySupport", package: "InMemorySupport"),
            ]
        ),
    ]
)
