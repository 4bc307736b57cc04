import Testing
import BenchData

/// The generator against pieces of the shared data files, copied to Fixtures/ (SOURCES.md).
/// The files round coordinates to 7 decimals, so they match within 1e-6 degree (in fact 5e-8).
struct DataFileTests {
    static let tolerance = 1e-6

    @Test func circlesMatchTheFirstAndLast50OfTheFile() throws {
        let rows = try Fixture.csvRows("circles_first50_last50.csv")
        #expect(rows.count == 100)
        let circles = GeofenceBenchData.circles(100_000)
        for row in rows {
            let circle = circles[Int(row[0])]
            #expect(abs(circle.lon - row[1]) <= Self.tolerance, "circle \(circle.index) lon")
            #expect(abs(circle.lat - row[2]) <= Self.tolerance, "circle \(circle.index) lat")
            // radius_m is rounded to 3 decimals.
            #expect(abs(circle.radiusMetres - row[3]) <= 0.000_5 + 1e-9, "circle \(circle.index) radius")
        }
    }

    @Test func polygons0And999MatchTheFileWhoseRingsAreClosed() throws {
        let collection = try Fixture.json("polygons_0_999.geojson")
        let features = try #require(collection["features"] as? [[String: Any]])
        #expect(features.count == 2)
        let polygons = GeofenceBenchData.polygons(1_000)
        for feature in features {
            let id = try #require(number(feature["id"]).map { Int($0) })
            let geometry = try #require(feature["geometry"] as? [String: Any])
            let rings = try #require(geometry["coordinates"] as? [[[Any]]])
            let positions = try rings[0].map { try #require($0.compactMap(number)) }
            let ring = polygons[id].ring
            // The file closes the ring; the generator's ring is open.
            #expect(positions.count == ring.count + 1)
            #expect(positions.first == positions.last)
            for (k, position) in positions.enumerated() {
                let vertex = ring[k % ring.count]
                #expect(abs(vertex.lon - position[0]) <= Self.tolerance, "polygon \(id) vertex \(k) lon")
                #expect(abs(vertex.lat - position[1]) <= Self.tolerance, "polygon \(id) vertex \(k) lat")
            }
        }
    }

    @Test func trackMatchesFixes0To99And99900To99999() throws {
        let rows = try Fixture.csvRows("track_first100_last100.csv")
        #expect(rows.count == 200)
        let track = GeofenceBenchData.track(100_000)
        for row in rows {
            let fix = track[Int(row[0])]
            #expect(fix.t == Int(row[0]))
            #expect(abs(fix.lon - row[1]) <= Self.tolerance, "fix \(fix.t) lon")
            #expect(abs(fix.lat - row[2]) <= Self.tolerance, "fix \(fix.t) lat")
        }
    }

    @Test func eventSummaryDescribesTheSizesGenerated() throws {
        let summary = try Fixture.json("events_summary_c10k_p1k.json")
        #expect(number(summary["circles"]) == 10_000)
        #expect(number(summary["polygons"]) == 1_000)
        #expect(number(summary["fixes"]) == 100_000)
        let raw = try #require(summary["raw"] as? [String: Any])
        #expect(number(raw["ENTER"]) == 658)
    }
}
