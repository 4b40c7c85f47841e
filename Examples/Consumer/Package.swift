// swift-tools-version: 6.0
import PackageDescription

// A package outside the kit that uses it as an app would: one interface, its Live and its Mock.
// Its sources hold the root README's code samples word for word (scripts/test-scripts checks).
let package = Package(
    name: "Consumer",
    platforms: [.macOS(.v15)],
    // Package.swift of your app (here Examples/Consumer: the kit's packages are two folders up)
    dependencies: [
        .package(path: "../../Packages/FileAccessorInterface"),
        .package(path: "../../Packages/FileAccessorLive"),
        .package(path: "../../Packages/FileAccessorMock"),
        .package(path: "../../Packages/InMemorySupport"),  // MockWorld and Fault, for tests that script faults
    ],
    targets: [
        .target(
            name: "MyFeature",
            dependencies: [
                .product(name: "FileAccessorInterface", package: "FileAccessorInterface")
            ]
        ),
        .executableTarget(
            name: "MyApp",
            dependencies: [
                "MyFeature",
                .product(name: "FileAccessorLive", package: "FileAccessorLive"),
            ]
        ),
        .testTarget(
            name: "MyFeatureTests",
            dependencies: [
                "MyFeature",
                .product(name: "FileAccessorInterface", package: "FileAccessorInterface"),
                .product(name: "FileAccessorMock", package: "FileAccessorMock"),
                .product(name: "InMemorySupport", package: "InMemorySupport"),
                // the same tests on the disk, and the contract run against your own accessor
                .product(name: "FileAccessorLive", package: "FileAccessorLive"),
                .product(name: "FileAccessorContract", package: "FileAccessorInterface"),
            ]
        ),
    ]
)
