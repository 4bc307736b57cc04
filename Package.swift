// swift-tools-version:6.0
import PackageDescription

// Imports are internal unless a file says `public import`: a library's public surface is
// what it chooses to show, never what it happens to import.
let publicSurface: [SwiftSetting] = [.enableUpcomingFeature("InternalImportsByDefault")]

// Release code asks for a generic type's metadata through an accessor that passes its
// conformances, not by mangled name, which makes the runtime check them by scanning every
// conformance record in the binary (7,198; 9% of a cold `flowrun --park GOGA home`,
// docs/benchmarks.md, Cold start). Unsafe flags are allowed in the root package and in the
// local ones that use it (Fuzz/, Benchmarks/).
let metadataAccessors: [SwiftSetting] = [
    .unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"], .when(configuration: .release))
]
let librarySettings = publicSurface + metadataAccessors

/// Where flowrun links the Swift runtime statically: release builds on Linux (see the target).
let staticStdlib = BuildSettingCondition.when(platforms: [.linux], configuration: .release)

// The layers (docs/architecture.md, "Layers"); an arrow points at what a target may import,
// and `swift build --explicit-target-dependency-import-check error` (bin/test) fails on any
// import not declared below.
//
//   Formats          JSON, XML and TZif readers, number, time and terminal text: depends on nothing
//   CLua             liblua5.4 (system library) ◄── CLuaSandbox (C: budgets, trampolines, sandboxed libs)
//   LuaKit           ──► CLuaSandbox, CLua, Formats         a safe Swift face of a Lua state
//   GeoKit           ──► Formats                            geodesy, shapes, GPX/GeoJSON, cluster, geofence, ...
//   ScreenModel      ──► Formats                            the flowrun/screen@1 contract
//   ScreenRendering  ──► ScreenModel, Formats               text, JSON, SVG, HTML of a screen
//   FlowKit          ──► LuaKit, GeoKit, ScreenModel, Formats   the runtime: parks, flows, runs, modules
//   FlowAuthoring    ──► FlowKit, ScreenRendering, ScreenModel, LuaKit, GeoKit, Formats
//                                                          beside the runtime: scenario runner, stubs, scaffolds, lint, art
//   FlowStore (SQLite), FlowBundle (swift-crypto), FlowSync, FlowAssets, FlowPreview (Hummingbird),
//   LoopbackServer, NetworkClient (AsyncHTTPClient), PartyRelay (Hummingbird, postgres-nio),
//   PartyRelayClient (AsyncHTTPClient: FlowSession's PartyRelayLink):
//                    beside the runtime, each over FlowKit or below
//                    (FlowPreview over FlowAuthoring too: its catalogue page is `flowrun catalog`'s)
//   FlowrunCommands  the command line's commands but those of the servers, updates, bundles, pictures
//   flowrun          ──► FlowrunCommands    the lean executable a plain run starts
//   FlowrunFull      ──► FlowrunCommands and all of the above: `flowrun-full`, which flowrun hands the rest to
// Fuzz/ and Benchmarks/ (flowbench) are packages of their own over the library products below.
let package = Package(
    name: "flowrun",
    // macOS 15: the standard library's Mutex (Synchronization), which the runtime locks with
    // instead of Foundation's NSLock (Hummingbird 2 needs 14).
    platforms: [.macOS(.v15)],
    products: [
        // The lean flowrun, and flowrun-full beside it for the servers, the updater, signed
        // bundles and pictures (docs/architecture.md, "Two executables").
        .executable(name: "flowrun", targets: ["flowrun"]),
        .executable(name: "flowrun-full", targets: ["FlowrunFull"]),
        // What an app embeds (docs/developer-guide.md, "Embedding flowrun"; Examples/LiveHost
        // uses only these): the runtime and its live session, and the Swift faces of Lua and
        // of the geodesy engines native modules are written with.
        .library(name: "FlowKit", targets: ["FlowKit"]),
        .library(name: "GeoKit", targets: ["GeoKit"]),
        .library(name: "LuaKit", targets: ["LuaKit"]),
        // The screen contract and its renderers (text, JSON, SVG, HTML).
        .library(name: "ScreenModel", targets: ["ScreenModel"]),
        .library(name: "ScreenRendering", targets: ["ScreenRendering"]),
        // The visitor's store on SQLite; signed bundles and their cache; sync from a server;
        // the picture sequencer.
        .library(name: "FlowStore", targets: ["FlowStore"]),
        .library(name: "FlowBundle", targets: ["FlowBundle"]),
        .library(name: "FlowSync", targets: ["FlowSync"]),
        .library(name: "FlowAssets", targets: ["FlowAssets"]),
        // A phone's side of the party relay: a live session's reports, alerts and positions
        // over the network (docs/authoring/parties.md, "A party across phones").
        .library(name: "PartyRelayClient", targets: ["PartyRelayClient"]),
        // Authoring beside the runtime: stubs of an app's native modules, scenarios, lint.
        .library(name: "FlowAuthoring", targets: ["FlowAuthoring"]),
        // JSON, XML and number text, which every layer above writes with.
        .library(name: "Formats", targets: ["Formats"]),
        // For flowbench (Benchmarks/) and the fuzzers (Fuzz/), separate packages: the preview
        // server, and benchmark and test support no app uses (data generators, a WebDriver client,
        // the scratch PostgreSQL the relay's tests and `flowbench relay` start).
        .library(name: "FlowPreview", targets: ["FlowPreview"]),
        .library(name: "BenchData", targets: ["BenchData"]),
        .library(name: "WebDriver", targets: ["WebDriver"]),
        .library(name: "PostgresFixture", targets: ["PostgresFixture"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        // Hummingbird's own: the server's logger and its socket errors (a port in use).
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        // Hummingbird's too: the HTTP types its connections carry, which the servers' connection
        // guard reads (LoopbackServer: the origin check, the phases of a request).
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.34.1"),
        // Hummingbird's too: its graceful shutdown ends the preview's event streams on Ctrl-C.
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        // The preview server's tests speak real HTTP to it (Hummingbird depends on it too).
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        // async-http-client's TLS: the image sequencer names its handshake errors (FlowAssets).
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        // Ed25519 signatures and SHA-256 for bundles (FlowBundle); already in the graph through
        // async-http-client's TLS, so it adds no package, only the targets that use it.
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        // The party relay's database (PartyRelay): PostgreSQL's own protocol over NIO, with
        // LISTEN/NOTIFY, which the relays fan alerts out through.
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CLua",
            pkgConfig: "lua5.4",
            providers: [.apt(["liblua5.4-dev"]), .brew(["lua"])]
        ),
        // C trampolines, the budgeted allocator and the count hook: a system library compiles nothing.
        .target(name: "CLuaSandbox", dependencies: ["CLua"]),
        // The relay's tasks on SwiftNIO's event loops (PartyRelay's RelayServer.runTasksOnEventLoops).
        .target(name: "CExecutorHook"),
        // SQLite's header (libsqlite3-dev) for the visitor's store, which loads the library
        // itself on first use: nothing links it (FlowStore's SQLiteLibrary).
        .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
        .target(name: "LuaKit", dependencies: ["CLua", "CLuaSandbox", "Formats"], swiftSettings: librarySettings),
        // The bottom: JSON and XML readers, number text, bounded file reads. Depends on nothing.
        .target(name: "Formats", swiftSettings: librarySettings),
        .target(name: "GeoKit", dependencies: ["Formats"], swiftSettings: librarySettings),
        // The screen contract, like ArgumentParser's ToolInfo: depends only on the bottom (messages).
        .target(name: "ScreenModel", dependencies: ["Formats"], swiftSettings: librarySettings),
        // The shared geofence bench's data generator (SplitMix64), for flowbench and tests; a
        // product only for Benchmarks/ (benchmark and test support, no app uses it).
        .target(name: "BenchData"),
        // Text, JSON, SVG and HTML of a screen: the screen model in, output text out.
        .target(name: "ScreenRendering", dependencies: ["ScreenModel", "Formats"], swiftSettings: librarySettings),
        .target(
            name: "FlowKit",
            dependencies: ["LuaKit", "GeoKit", "ScreenModel", "Formats"],
            swiftSettings: librarySettings
        ),
        // What authors run beside the runtime: the scenario runner, the stub generator, the
        // scaffolds (`flowrun new`), the luacheck runner and the onboarding pictures (`flowrun art`).
        .target(
            name: "FlowAuthoring",
            dependencies: ["FlowKit", "ScreenRendering", "ScreenModel", "LuaKit", "GeoKit", "Formats"],
            swiftSettings: librarySettings
        ),
        // The visitor's store on SQLite: FlowKit's VisitorStore in a profile's database file.
        .target(
            name: "FlowStore",
            // SQLite's C API directly (SQLiteDatabase): a library over it linked Foundation's
            // whole runtime into every cold run (docs/architecture.md, "What a cold run links").
            dependencies: ["FlowKit", "GeoKit", "Formats", "CSQLite"],
            swiftSettings: librarySettings
        ),
        // Signed, content-addressed bundles of a park: writing, verifying, running from memory.
        .target(
            name: "FlowBundle",
            dependencies: ["FlowKit", "GeoKit", "Formats", "ScreenModel", .product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: librarySettings
        ),
        // What the project's servers (preview, serve) share: 127.0.0.1 only, their own origin only,
        // bounded connections (a guard on each), start errors, graceful stop.
        .target(
            name: "LoopbackServer",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"), .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"), .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
            ],
            swiftSettings: librarySettings
        ),
        // `flowrun serve` and `flowrun sync`: bundles over HTTP (Hummingbird serves, AsyncHTTPClient fetches).
        .target(
            name: "FlowSync",
            dependencies: [
                "FlowBundle", "FlowKit", "Formats", "LoopbackServer", "NetworkClient", .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"), .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: librarySettings
        ),
        // `flowrun relay`: the party service (docs/relay.md): Hummingbird over PostgreSQL
        // (postgres-nio), the party rules of FlowKit and GeoKit, tokens signed with the
        // bundles' Ed25519 keys (FlowBundle's SigningKey).
        .target(
            name: "PartyRelay",
            dependencies: [
                "FlowKit", "GeoKit", "Formats", "FlowBundle", "LoopbackServer", .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "PostgresNIO", package: "postgres-nio"), .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"), "CExecutorHook",
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Crypto", package: "swift-crypto"), .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: librarySettings
        ),
        // The relay's client (docs/relay.md): a live session's PartyRelayLink over the project's
        // HTTP client; its queue and token in a folder. FlowKit stays without networking.
        .target(
            name: "PartyRelayClient",
            dependencies: [
                "FlowKit", "GeoKit", "Formats", "NetworkClient", .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: librarySettings
        ),
        // `flowrun preview`: the HTTP server (Hummingbird, so NIO) stays out of FlowKit.
        .target(
            name: "FlowPreview",
            dependencies: [
                "FlowKit", "FlowAuthoring", "ScreenRendering", "GeoKit", "ScreenModel", "Formats", "LoopbackServer",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"), .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: librarySettings
        ),
        // A small W3C WebDriver client (chromedriver + headless chromium) for the preview's
        // browser tests and `flowbench preview` (Benchmarks/); a product only for the benchmarks.
        .target(
            name: "WebDriver",
            // Formats for its JSONValue, the values commands and scripts carry.
            dependencies: ["Formats", .product(name: "AsyncHTTPClient", package: "async-http-client"), .product(name: "NIOCore", package: "swift-nio")],
            swiftSettings: librarySettings
        ),
        // The one HTTP client (AsyncHTTPClient), configured in one place, and the words for its
        // errors: for its two users, the updater and the picture loader.
        .target(
            name: "NetworkClient",
            dependencies: [
                .product(name: "AsyncHTTPClient", package: "async-http-client"), .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"), .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            swiftSettings: librarySettings
        ),
        // The image sequencer (`--assets`): its HTTP client (AsyncHTTPClient, the updater's
        // too: one client, https included) stays out of FlowKit. NIOPosix and NIOSSL for the
        // connection and TLS errors it reports.
        .target(
            name: "FlowAssets",
            dependencies: [
                "FlowKit", "ScreenModel", "Formats", "NetworkClient", .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            swiftSettings: librarySettings
        ),
        // The commands of flowrun's command line that link none of the servers, the updater,
        // signed bundles or the picture loader, and the hand-over to flowrun-full for those
        // that do (FullCommandLine): shared by both executables.
        .target(
            name: "FlowrunCommands",
            dependencies: [
                "FlowKit", "FlowAuthoring", "ScreenRendering", "FlowStore", "LuaKit", "GeoKit", "ScreenModel", "Formats",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: metadataAccessors
        ),
        // The lean flowrun a plain run starts (docs/architecture.md, "Two executables").
        .executableTarget(
            name: "flowrun",
            dependencies: ["FlowrunCommands"],
            // A release flowrun links the Swift runtime and FoundationEssentials statically (Linux):
            // loading and relocating their shared libraries took a quarter of a cold `flowrun --park
            // GOGA home` and 6 MiB (docs/benchmarks.md, Cold start). Compiling with the flag too makes
            // the module ask for the static libraries' own dependencies. `--no-export-dynamic` undoes
            // the driver's `-export-dynamic`: no library looks up flowrun's 8,000 public Swift symbols,
            // and the runtime's start (`dladdr`) walked them all.
            // Unsafe flags are allowed here because flowrun is an executable no package depends
            // on (Fuzz/ uses the libraries only; Benchmarks/ builds it by path, a local package,
            // where unsafe flags are allowed); debug builds and tests link dynamically.
            swiftSettings: [.unsafeFlags(["-static-stdlib"], staticStdlib)] + metadataAccessors,
            linkerSettings: [.unsafeFlags(["-static-stdlib", "-Xlinker", "--no-export-dynamic"], staticStdlib)]
        ),
        // flowrun with every part linked: the command lines the lean flowrun hands over.
        .executableTarget(
            name: "FlowrunFull",
            dependencies: [
                "FlowrunCommands", "FlowKit", "FlowBundle", "FlowPreview", "FlowStore", "FlowSync", "FlowAssets", "LoopbackServer", "ScreenModel",
                "PartyRelay", "PartyRelayClient", "GeoKit", .product(name: "AsyncHTTPClient", package: "async-http-client"),
                "Formats", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // Linked as flowrun is (above).
            swiftSettings: [.unsafeFlags(["-static-stdlib"], staticStdlib)] + metadataAccessors,
            linkerSettings: [.unsafeFlags(["-static-stdlib"], staticStdlib)]
        ),
        .testTarget(name: "LuaKitTests", dependencies: ["LuaKit", "Formats"]),
        .testTarget(name: "GeoKitTests", dependencies: ["GeoKit", "Formats", "BenchData"], resources: [.copy("Fixtures")]),
        .testTarget(name: "BenchDataTests", dependencies: ["BenchData"], resources: [.copy("Fixtures")]),
        .testTarget(name: "ScreenModelTests", dependencies: ["ScreenModel", "ScreenSamples", "Formats"]),
        .testTarget(
            name: "FlowKitTests", dependencies: ["FlowKit", "FlowAuthoring", "ScreenRendering", "ScreenSamples", "ScreenModel", "Formats", "BenchData"]),
        .testTarget(
            name: "ScreenRenderingTests", dependencies: ["ScreenRendering", "ScreenModel", "ScreenSamples", "Formats", "BenchData"],
            resources: [.copy("Fixtures")]),
        // Screens the renderer and reader tests share: the golden ones and a seeded generator; no product ships it.
        .target(name: "ScreenSamples", dependencies: ["ScreenModel", "BenchData"], path: "Tests/ScreenSamples"),
        // A TCP client on plain sockets for the servers' tests (silent, slow, never reading); no product ships it.
        .target(name: "RawClient", path: "Tests/RawClient"),
        // FlowStore: the store's CLI tests look into the database a run wrote, and hold its lock.
        .testTarget(
            name: "FlowrunTests",
            dependencies: [
                "flowrun", "FlowrunFull", "FlowrunCommands", "FlowAuthoring", "FlowPreview", "FlowKit", "LuaKit", "BenchData", "RawClient",
                "FlowStore", .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ],
            resources: [.copy("Fixtures")]),
        .testTarget(
            name: "FlowBundleTests", dependencies: ["FlowBundle", "FlowKit", "ScreenRendering", "GeoKit", .product(name: "Crypto", package: "swift-crypto")]),
        // Screenshots/ holds the reference PNGs, read from the source tree (#filePath), as
        // RECORD_SCREENSHOTS=1 writes them there.
        .testTarget(
            name: "FlowPreviewTests",
            dependencies: [
                "FlowPreview", "FlowKit", "ScreenRendering", "ScreenModel", "WebDriver", "RawClient", "LoopbackServer",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            exclude: ["Screenshots"]),
        .testTarget(name: "WebDriverTests", dependencies: ["WebDriver", "Formats"]),
        .testTarget(
            name: "FlowSyncTests",
            dependencies: [
                "FlowSync", "FlowBundle", "FlowKit", "ScreenRendering", "LoopbackServer", "RawClient", .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"), .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]),
        .testTarget(
            name: "FlowAssetsTests",
            dependencies: [
                "FlowAssets", "FlowKit", "ScreenModel", .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"), .product(name: "NIOCore", package: "swift-nio"),
            ]),
        // A scratch PostgreSQL server on 127.0.0.1 for the relay's tests and its benchmark (initdb, pg_ctl).
        .target(name: "PostgresFixture", path: "Tests/PostgresFixture"),
        .testTarget(
            name: "PartyRelayTests",
            dependencies: [
                "PartyRelay", "PartyRelayClient", "PostgresFixture", "FlowKit", "GeoKit", "Formats", "FlowBundle", "RawClient",
                .product(name: "AsyncHTTPClient", package: "async-http-client"), .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]),
        // The process the store's kill -9 test kills: flowrun's write path in a loop; no product ships it.
        .executableTarget(name: "storewriter", dependencies: ["FlowKit", "FlowStore"], path: "Tests/StoreWriter"),
        .testTarget(
            name: "FlowStoreTests", dependencies: ["FlowStore", "FlowKit", "ScreenModel", "storewriter"]),
    ]
)
