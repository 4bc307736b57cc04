import ScreenRendering
import FlowBundle
import FlowKit
import GeoKit
import Foundation
import Testing

/// Real parks, bundled and verified, run from memory exactly as they run from their folders:
/// each park made by hand, and of the parks `flowrun new park` made, one with sites, one with
/// a category of its own and one with none (bundling all 64 would add minutes, not cases).
@Suite struct RoundTripTests {
    static let allParks = ParkCatalog(root: ProjectRoot(path: repositoryRoot.path)).codes
    static let parks = ["GOGA", "GRTE", "YELL", "YOSE", "ZION", "HAVO", "BIBE"]
    static let clock = Date(timeIntervalSince1970: 1_783_182_600)  // 2026-07-04 16:30 UTC

    @Test func everyParkIsHere() {
        #expect(Self.allParks.count == 64)
        #expect(Set(Self.parks).isSubset(of: Self.allParks))
    }

    @Test(arguments: parks)
    func runsFromTheBundleAsFromTheFolder(park: String) throws {
        let fixture = try BundleFixture(park: park)
        let verified = try fixture.verify()
        #expect(verified.root.isInMemory)
        #expect(verified.manifest.park == park && verified.manifest.version == 1 && verified.manifest.api == FlowRuntime.apiVersion)
        #expect(verified.signer.id == fixture.key.publicKey.id)

        let disk = try FlowRuntime(root: ProjectRoot(path: repositoryRoot.path), park: park, time: Self.clock)
        let bundled = try FlowRuntime(root: verified.root, park: park, time: Self.clock)
        #expect(bundled.flowNames == disk.flowNames)
        #expect(try bundled.sites().count == disk.sites().count)
        let center = disk.park.center
        // A bundle holds its own park only, so its park browser (ctx.parks) lists that park alone.
        let browser = JSONRenderer().render(try bundled.run(FlowRequest(flow: "parks")))
        #expect(browser.contains(#""title" : "Parks (1)""#) && browser.contains(#""park" : "\#(park)""#))
        for flow in disk.flowNames where flow != "parks" {
            for at in [nil, Coordinate(latitude: center.lat, longitude: center.lon)] {
                let fromDisk = Result { try JSONRenderer().render(disk.run(FlowRequest(flow: flow, at: at))) }
                let fromBundle = Result { try JSONRenderer().render(bundled.run(FlowRequest(flow: flow, at: at))) }
                #expect("\(fromBundle)" == "\(fromDisk)", "\(park) \(flow) at \(String(describing: at))")
            }
        }
    }

    @Test func holdsWhatTheParkRunsWithAndNoMore() throws {
        let fixture = try BundleFixture(park: "GOGA")
        let paths = fixture.outcome.manifest.files.map(\.path)
        #expect(paths.contains("flows/home.lua") && paths.contains("flows/lib/ui.lua"))
        #expect(paths.contains("parks/defaults.lua") && paths.contains("parks/GOGA/park.lua") && paths.contains("parks/GOGA/sites.geojson"))
        #expect(paths.contains("parks/GOGA/flows/lib/scoring.lua"))
        #expect(!paths.contains { $0.hasPrefix("parks/GOGA/tests/") }, "scenarios stay with the project")
        #expect(!paths.contains { $0.hasPrefix("parks/YELL/") || $0 == "parks/SOURCES.md" })
        #expect(paths == paths.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        // Each object is named by its content's SHA-256.
        for file in fixture.outcome.manifest.files {
            let bytes = try fixture.read(BundleLayout.object(file.sha256))
            let original = try Data(contentsOf: repositoryRoot.appendingPathComponent(file.path))
            #expect(bytes == [UInt8](original) && bytes.count == file.size)
        }
    }

    @Test func aSecondVersionWritesOnlyWhatChangedAndKeepsTheFirst() throws {
        let fixture = try BundleFixture(park: "YOSE")
        let first = fixture.outcome
        #expect(first.newObjects == Set(first.manifest.files.map(\.sha256)).count)
        try fixture.publishAgain()
        #expect(fixture.outcome.manifest.version == 2)
        #expect(fixture.outcome.newObjects == 0 && fixture.outcome.newBytes == 0)
        #expect(try fixture.read(BundleLayout.versionManifest(1)) == first.manifest.encoded())
        #expect(try fixture.read(BundleLayout.versionManifest(2)) == fixture.read(BundleLayout.manifest))
        #expect(try fixture.verify().manifest.version == 2)
        try fixture.publishAgain(version: 7)
        #expect(try BundleWriter.publishedVersion(in: fixture.bundle) == 7)
    }

    @Test func refusesAVersionNotAboveThePublishedOne() throws {
        let fixture = try BundleFixture(park: "YOSE")
        try fixture.publishAgain(version: 3)
        for version in [1, 3] {
            let error = #expect(throws: BundleError.self) { try fixture.publishAgain(version: version) }
            #expect(error?.reason == .badArgument)
            #expect(error?.description == "\(fixture.bundle)/manifest.json: version: --version \(version) is not greater than the published version 3")
        }
    }

    @Test func theManifestEncodesTheSameWayEveryTime() throws {
        let manifest = BundleManifest(
            park: "GOGA", version: 2, api: 1, created: "2026-11-27T13:40:00Z", expires: "2026-12-27T13:40:00Z",
            files: [
                .init(path: "parks/GOGA/park.lua", sha256: String(repeating: "b", count: 64), size: 20),
                .init(path: "flows/home.lua", sha256: String(repeating: "a", count: 64), size: 10),
            ])
        let text = String(decoding: manifest.encoded(), as: UTF8.self)
        #expect(
            text == """
                {
                  "format": 1,
                  "park": "GOGA",
                  "version": 2,
                  "flowrun_api": 1,
                  "screen_schema": "flowrun/screen@1",
                  "created": "2026-11-27T13:40:00Z",
                  "expires": "2026-12-27T13:40:00Z",
                  "files": [
                    {"path": "flows/home.lua", "sha256": "\(String(repeating: "a", count: 64))", "size": 10},
                    {"path": "parks/GOGA/park.lua", "sha256": "\(String(repeating: "b", count: 64))", "size": 20}
                  ]
                }

                """)
        #expect(try BundleManifest.decode(manifest.encoded(), file: "m.json") == manifest)
    }

    @Test func theSameFilesAndTimeGiveTheSameBytes() throws {
        // Two bundles of the same park made apart with the same time (SOURCE_DATE_EPOCH's):
        // manifest, signature and objects are equal byte for byte (Ed25519 signatures are
        // deterministic).
        let time = Date(timeIntervalSince1970: 1_767_225_600)
        let first = try BundleFixture(park: "YOSE", created: time)
        Thread.sleep(forTimeInterval: 1.1)
        let second = try BundleFixture(park: "YOSE", key: first.key, created: time)
        #expect(first.outcome.manifest.created == "2026-01-01T00:00:00Z")
        for file in [BundleLayout.manifest, BundleLayout.signature, BundleLayout.versionManifest(1)] {
            #expect(try first.read(file) == second.read(file), "\(file)")
        }
        let objects = try FileManager.default.contentsOfDirectory(atPath: first.path(BundleLayout.objects)).sorted()
        #expect(objects == (try FileManager.default.contentsOfDirectory(atPath: second.path(BundleLayout.objects)).sorted()))
        for name in objects { #expect(try first.read("objects/\(name)") == second.read("objects/\(name)")) }
    }

    @Test func theManifestSaysWhenItWasMadeAndWhenItExpires() throws {
        let fixture = try BundleFixture(park: "YOSE", created: Date(timeIntervalSince1970: 1_767_225_600))
        #expect(fixture.outcome.manifest.created == "2026-01-01T00:00:00Z")
        #expect(fixture.outcome.manifest.expires == "2026-01-31T00:00:00Z", "30 days by default")
        let verified = try fixture.verify().manifest
        #expect(verified.created == "2026-01-01T00:00:00Z" && verified.expires == "2026-01-31T00:00:00Z")
        // The clock when no time is given; a lifetime of one's own choosing.
        let now = Date()
        let dated = try BundleWriter(root: fixture.root, key: fixture.key).write(park: "YOSE", to: fixture.folder.path, lifetimeDays: 7).manifest
        let created = try #require(dated.created.flatMap(ManifestTime.date)), expires = try #require(dated.expires.flatMap(ManifestTime.date))
        #expect(abs(created.timeIntervalSince(now)) < 5)
        #expect(expires.timeIntervalSince(created) == 7 * 86_400)
        let error = #expect(throws: BundleError.self) {
            try BundleWriter(root: fixture.root, key: fixture.key).write(park: "YOSE", to: fixture.folder.path, lifetimeDays: 400)
        }
        #expect(error?.reason == .badArgument && error?.message == "a lifetime of 400 days is not 1 to 366")
    }

    @Test func manifestTimesHaveOneSpelling() {
        #expect(ManifestTime.text(Date(timeIntervalSince1970: 1_767_225_600.9)) == "2026-01-01T00:00:00Z")
        #expect(ManifestTime.date("2026-01-01T00:00:00Z") == Date(timeIntervalSince1970: 1_767_225_600))
        #expect(ManifestTime.date("2024-02-29T23:59:59Z") != nil)
        for bad in [
            "2026-02-30T00:00:00Z", "2026-01-01T24:00:00Z", "2026-01-01T00:00:00+00:00", "2026-01-01T00:00:00.5Z", "2026-01-01 00:00:00Z",
            "2026-1-01T00:00:00Z", "1969-12-31T23:59:59Z", "2026-01-01t00:00:00z", "",
        ] {
            #expect(ManifestTime.date(bad) == nil, "\(bad)")
        }
    }
}
