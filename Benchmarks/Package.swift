// swift-tools-version:6.0
import PackageDescription

// flowbench, the benchmarks of flowrun (Benchmarks/README.md, docs/benchmarks.md). A package of
// its own that depends on the main one by path, as Fuzz/ does, so the main package's
// `swift build` / `swift test` never builds a benchmark. Build and run in release, from the
// repository root (Benchmarks/run does both):
//   swift build -c release --package-path Benchmarks --product flowbench
//   swift build -c release --package-path Benchmarks --product flowrun    # the flowrun it spawns
//   swift build -c release --package-path Benchmarks --product flowrun-full    # what flowrun hands serve, sync, bundle
//   Benchmarks/.build/release/flowbench --help
// Its tests: swift test --package-path Benchmarks (CI runs them, .ci/run).
let package = Package(
    name: "flowrun-benchmarks",
    // As the main package: Hummingbird 2 (the preview server) needs macOS 14.
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "flowrun", path: ".."),
        // The same versions as the main package's (one graph, one resolution).
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [
        // Sources/flowbench: a folder per subject (Benchmarks/README.md).
        .executableTarget(
            name: "flowbench",
            dependencies: [
                .product(name: "FlowKit", package: "flowrun"),
                .product(name: "ScreenRendering", package: "flowrun"),
                .product(name: "ScreenModel", package: "flowrun"),
                .product(name: "FlowBundle", package: "flowrun"),
                .product(name: "FlowStore", package: "flowrun"),
                .product(name: "FlowSync", package: "flowrun"),
                .product(name: "FlowPreview", package: "flowrun"),
                .product(name: "LuaKit", package: "flowrun"),
                .product(name: "GeoKit", package: "flowrun"),
                .product(name: "Formats", package: "flowrun"),
                .product(name: "BenchData", package: "flowrun"),
                .product(name: "WebDriver", package: "flowrun"),
                .product(name: "PostgresFixture", package: "flowrun"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        .testTarget(name: "FlowbenchTests", dependencies: ["flowbench"]),
    ]
)
