import Foundation
import Testing

/// `flowbench warm` from outside, with tiny counts: the figures' JSON shape and the table's
/// rows, never the times themselves.
@Suite struct WarmCommandTests {
    static let goalCases = ["home", "sites", "search", "map", "ar", "replay"]
    static let tiny = ["warm", "--rounds", "1", "--runs", "2", "--warmups", "0"]

    @Test func jsonHasEveryCase() throws {
        let result = try flowbench(Self.tiny + ["--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let parks = try FileManager.default.contentsOfDirectory(atPath: repositoryRoot.appendingPathComponent("parks").path)
            .filter { $0.count == 4 && $0.uppercased() == $0 }
        let expected = Set(Self.goalCases + ["sites_es", "map_run", "map_json"] + parks.map { "runtime_\($0)" })
        #expect(Set(object.keys) == expected)
        for (id, value) in object {
            let fields = try #require(value as? [String: Any], "\(id)")
            #expect(fields["p50_ms"] is Double, "\(id)")
            #expect(fields["p99_ms"] is Double, "\(id)")
            if Self.goalCases.contains(id) {
                #expect(fields["goal_p50_ms"] is Double, "\(id)")
                #expect(fields["met"] is Bool, "\(id)")
            } else {
                #expect(fields["goal_p50_ms"] == nil && fields["met"] == nil, "\(id)")
            }
        }
        // The order is the report's: the cases with goals first.
        #expect(result.stdout.hasPrefix("{\n  \"home\": {\"p50_ms\": "))
    }

    @Test func tableShowsGoals() throws {
        let result = try flowbench(Self.tiny)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Warm runs — 1 rounds x 2 runs per case (+0 warm-ups)"))
        for row in [
            "home (GOGA)", "map --center 37.80,-122.46 --zoom 12, run + JSON (GOGA)", "of which JSON rendering",
            "geofence --track (YOSE exit track)", "new FlowRuntime(YOSE)", "≤ 0.3", "≤ 4.0",
            "sites --arg q=fort m (GOGA), a keystroke's screen",
        ] {
            #expect(result.stdout.contains(row), "\(row)")
        }
        #expect(result.stdout.contains("replay: 2,471 fixes of Tests/GeoKitTests/Fixtures/tracks/yose-pct-2019-07-31-exit.gpx"))
        #expect(result.stdout.contains("of 6 met"))
    }

    @Test func missingTrackIsBadInput() throws {
        let result = try flowbench(["warm", "--runs", "1", "--track", "/nonexistent.gpx"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--track /nonexistent.gpx: no such readable file"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }
}
