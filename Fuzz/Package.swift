// swift-tools-version:6.0
import PackageDescription

// libFuzzer harnesses for the GPX and GeoJSON readers and the Lua bridge. A package of its
// own, so the main package's `swift build` / `swift test` never builds a fuzzer. Build with
// the fuzzer sanitizer (see Fuzz/README.md, or just run Fuzz/run):
//   swift build -c release --sanitize=fuzzer --sanitize=address
let package = Package(
    name: "flowrun-fuzz",
    dependencies: [
        .package(name: "flowrun", path: "..")
    ],
    targets: [
        .executableTarget(name: "fuzz-gpx", dependencies: [.product(name: "GeoKit", package: "flowrun")]),
        .executableTarget(name: "fuzz-geojson", dependencies: [.product(name: "GeoKit", package: "flowrun")]),
        .executableTarget(name: "fuzz-lua", dependencies: [.product(name: "LuaKit", package: "flowrun")]),
    ]
)
