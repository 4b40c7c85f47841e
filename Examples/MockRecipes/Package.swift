// swift-tools-version: 6.0
import PackageDescription

// The Mock packages' README samples, each in a test that runs it (scripts/test-scripts checks
// that every README's Swift sample is in a package under Examples/, word for word).
let package = Package(
    name: "MockRecipes",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: "../../Packages/InMemorySupport"),
        .package(path: "../../Packages/LockInterface"),
        .package(path: "../../Packages/LockMock"),
        .package(path: "../../Packages/FileTreeInterface"),
        .package(path: "../../Packages/FileTreeMock"),
        .package(path: "../../Packages/WatchInterface"),
        .package(path: "../../Packages/WatchMock"),
    ],
    targets: [
        .testTarget(
            name: "MockRecipesTests",
            dependencies: [
                .product(name: "InMemorySupport", package: "InMemorySupport"),
                .product(name: "LockInterface", package: "LockInterface"),
                .product(name: "LockMock", package: "LockMock"),
                .product(name: "FileTreeInterface", package: "FileTreeInterface"),
                .product(name: "FileTreeMock", package: "FileTreeMock"),
                .product(name: "WatchInterface", package: "WatchInterface"),
                .product(name: "WatchMock", package: "WatchMock"),
            ]
        )
    ]
)
