import Foundation
import Testing
@testable import GeoKit

/// The real Yosemite tracks (PCT 2019, GPL-3.0 fixtures) against the real park boundary.
struct YosemiteTrackTests {
    static func presenceEvents(_ track: String, settings: GeofenceSettings) throws -> [String] {
        let boundary = try Boundary(geoJSON: Array(try Fixture.text("yose-boundary.geojson").utf8), displayPath: "yose-boundary.geojson")
        let park = try GeofenceRegion(id: "park", boundary: boundary)
        let fixes = try GPXReader.read(text: try Fixture.text("tracks/\(track)"), displayPath: track).timedFixes()
        let monitor = try RegionMonitor(index: RegionIndex([]), presence: park, settings: settings)
        var out: [String] = []
        for fix in fixes {
            for e in try monitor.feed(GeofenceFix(coordinate: fix.coordinate, time: fix.time)).events where e.kind != .dwell {
                out.append(e.kind.rawValue)
            }
        }
        return out
    }

    static var raw: GeofenceSettings {
        var s = GeofenceSettings()
        s.enterDelay = 0
        s.exitDelay = 0
        s.exitMargin = 0
        return s
    }

    @Test func theEnteringTrackEntersOnce() throws {
        #expect(try Self.presenceEvents("yose-pct-2019-07-29-enter.gpx", settings: GeofenceSettings()) == ["enter"])
    }

    @Test func theMorningTrackIsInsideThroughout() throws {
        #expect(try Self.presenceEvents("yose-pct-2019-07-31-morning-inside.gpx", settings: GeofenceSettings()) == ["enter"])
    }

    @Test func theExitTrackJittersRawButLeavesOnceDebounced() throws {
        let raw = try Self.presenceEvents("yose-pct-2019-07-31-exit.gpx", settings: Self.raw)
        #expect(raw.filter { $0 == "exit" }.count >= 2)
        var debounced = GeofenceSettings()
        debounced.exitDelay = 120
        debounced.exitMargin = 10
        #expect(try Self.presenceEvents("yose-pct-2019-07-31-exit.gpx", settings: debounced) == ["enter", "exit"])
    }
}
