import Testing

/// A change to the copied manifests, and the line the check must print for it.
struct Plant: Sendable, CustomTestStringConvertible {
    /// How a manifest is changed.
    enum Edit: Sendable {
        /// Statements added at the end of an existing manifest.
        case append(String)
        /// A whole new manifest, for a package the repository does not have.
        case create(String)
        /// A source file (its path relative to the package folder), for the source rules.
        case source(path: String, text: String)
    }

    /// The package folder, relative to the root.
    let folder: String
    let edit: Edit
    /// A part of the violation line the check must print.
    let expected: String
    let testDescription: String

    /// One violation of each kind the check must catch.
    static let violations: [Plant] = [
        .dependency(
            of: "FileAccessorMock", on: "FileAccessorLive",
            expected: "FileAccessorMock (mock) must not depend on FileAccessorLive (live)",
            "a Mock depending on a Live package"),
        .dependency(
            of: "FileAccessorInterface", on: "FileSystemInterface",
            expected: "FileAccessorInterface (interface) must not depend on FileSystemInterface (interface)",
            "an Interface depending on another Interface"),
        .dependency(
            of: "FileAccessorLive", on: "FileAccessorMock",
            expected: "FileAccessorLive (live) must not depend on FileAccessorMock (mock)",
            "a Live depending on a Mock"),
        .dependency(
            of: "FileAccessorMock", on: "FileAccessorInterface", product: "FileAccessorContract",
            expected:
                "FileAccessorMock (mock) must not depend on FileAccessorInterface/FileAccessorContract (contract)",
            "a contract suite used outside tests"),
        .domainTests(
            using: "FileAccessorLive",
            expected: "PlantedDomain (domain) must not depend on FileAccessorLive (live) [target PlantedDomainTests]"),
        Plant(
            folder: "Packages/FileAccessorLive",
            edit: .append(
                #"""

                // Planted by ArchitectureCheckTests: nothing can be fetched.
                package.dependencies.append(.package(url: "https://example.com/outside.git", from: "1.0.0"))

                """#),
            expected: "FileAccessorLive (live) must not depend on outside (external)",
            testDescription: "a package from outside the repository"),
        Plant(
            folder: "Packages/FileAccessorMock",
            edit: .append(
                """

                // Planted by ArchitectureCheckTests: a module name taken twice.
                package.targets.append(.target(name: "FileAccessorInterface"))

                """),
            expected: "must not declare module FileAccessorInterface",
            testDescription: "a module name declared by two packages"),
        Plant(
            folder: "Packages/SyncEngine",
            edit: .append(
                """
                // Planted by ArchitectureCheckTests: the fuzz targets are used by nothing.
                package.dependencies.append(.package(path: "../../Fuzz"))
                package.targets.first { $0.name == "SyncEngine" }!.dependencies.append(
                    .product(name: "FuzzChecks", package: "Fuzz"))
                """),
            expected: "SyncEngine (domain) must not depend on Fuzz (fuzz)",
            testDescription: "a package depending on the fuzz targets"),
        Plant(
            folder: "Packages/FileTreeMock",
            edit: .append(
                """
                // Planted by ArchitectureCheckTests: the boundary corpus is used by nothing.
                package.dependencies.append(.package(path: "../../Differential"))
                package.targets.first { $0.name == "FileTreeMockTests" }!.dependencies.append(
                    .product(name: "FileTreeDifferential", package: "Differential"))
                """),
            expected: "FileTreeMock (mock) must not depend on Differential (differential)",
            testDescription: "a package's tests depending on the boundary corpus"),
        Plant(
            folder: "Packages/SyncEngine",
            edit: .source(path: "Sources/SyncEngine/PlantedImport.swift", text: "import Glibc\n"),
            expected:
                "SyncEngine (domain) must not import Glibc [Packages/SyncEngine/Sources/SyncEngine/PlantedImport.swift:1]",
            testDescription: "the engine importing the C library"),
        Plant(
            folder: "Packages/SyncEngine",
            edit: .source(
                path: "Sources/SyncEngine/PlantedErrno.swift",
                text: "// EXDEV in a comment is fine\nlet planted = \"EIO in a string is fine\"\nlet code = EXDEV\n"),
            expected:
                "SyncEngine (domain) must not name the POSIX concept EXDEV [Packages/SyncEngine/Sources/SyncEngine/PlantedErrno.swift:3]",
            testDescription: "the engine naming an errno value"),
        Plant(
            folder: "Apps/synccli",
            edit: .source(path: "Sources/SyncCLICore/PlantedCommand.swift", text: "import FileTreeLive\n"),
            expected: "Apps/synccli/Sources/SyncCLICore/PlantedCommand.swift:1 must not import FileTreeLive",
            testDescription: "a command file of the app importing a Live package"),
    ]

    /// Makes the regular target of `package` depend on a product of `dependency`.
    static func dependency(
        of package: String, on dependency: String, product: String? = nil,
        expected: String, _ description: String
    ) -> Plant {
        Plant(
            folder: "Packages/\(package)",
            edit: .append(
                """

                // Planted by ArchitectureCheckTests.
                package.dependencies.append(.package(path: "../\(dependency)"))
                package.targets.first { $0.name == "\(package)" }!.dependencies.append(
                    .product(name: "\(product ?? dependency)", package: "\(dependency)"))

                """),
            expected: expected,
            testDescription: description)
    }

    /// A new domain package whose test target depends on `dependency`.
    static func domainTests(using dependency: String, expected: String = "") -> Plant {
        Plant(
            folder: "Packages/PlantedDomain",
            edit: .create(
                """
                // swift-tools-version: 6.0
                import PackageDescription

                let package = Package(
                    name: "PlantedDomain",
                    dependencies: [
                        .package(path: "../FileAccessorInterface"),
                        .package(path: "../\(dependency)"),
                    ],
                    targets: [
                        .target(
                            name: "PlantedDomain",
                            dependencies: [
                                .product(name: "FileAccessorInterface", package: "FileAccessorInterface"),
                            ]
                        ),
                        .testTarget(
                            name: "PlantedDomainTests",
                            dependencies: [
                                "PlantedDomain",
                                .product(name: "\(dependency)", package: "\(dependency)"),
                            ]
                        ),
                    ]
                )

                """),
            expected: expected,
            testDescription: "a domain package's tests using \(dependency)")
    }
}
