// swift-tools-version:6.0
import PackageDescription

// An app's host of flowrun, in miniature: a package of its own that uses only the main
// package's public library products, as an app's would (Examples/LiveHost/README.md).
//   Examples/LiveHost/run        bundles, serves and syncs a park, then runs the host on a track
let package = Package(
    name: "livehost",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "flowrun", path: "../..")],
    targets: [
        .executableTarget(
            name: "livehost",
            dependencies: [
                .product(name: "FlowKit", package: "flowrun"),
                .product(name: "FlowBundle", package: "flowrun"),
                .product(name: "GeoKit", package: "flowrun"),
                .product(name: "LuaKit", package: "flowrun"),
                .product(name: "ScreenModel", package: "flowrun"),
            ])
    ]
)
