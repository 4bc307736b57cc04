import Testing
import BenchData

/// The generator against the values `gen_data.py` wrote to checks.json (unrounded), within
/// 1e-9 degree: libm `sin`/`cos` may differ by an ulp across platforms.
struct GeofenceBenchDataTests {
    static let tolerance = 1e-9

    @Test func circlesMatchChecksJSON() throws {
        let checks = try Fixture.json("checks.json")
        let circles = GeofenceBenchData.circles(100_000)
        for key in ["circle0", "circle9999", "circle99999"] {
            let values = try #require((checks[key] as? [Any])?.compactMap(number))
            try #require(values.count == 4)
            let circle = circles[Int(values[0])]
            #expect(circle.index == Int(values[0]))
            #expect(abs(circle.lon - values[1]) <= Self.tolerance, "\(key) lon")
            #expect(abs(circle.lat - values[2]) <= Self.tolerance, "\(key) lat")
            #expect(abs(circle.radiusMetres - values[3]) <= 1e-6, "\(key) radius")
        }
    }

    @Test func polygonsMatchChecksJSON() throws {
        let checks = try Fixture.json("checks.json")
        let polygons = GeofenceBenchData.polygons(1_000)
        let first = try #require((checks["polygon0_v0"] as? [Any])?.compactMap(number))
        #expect(polygons[0].ring.count == number(checks["polygon0_nverts"]).map { Int($0) })
        #expect(abs(polygons[0].ring[0].lon - first[0]) <= Self.tolerance)
        #expect(abs(polygons[0].ring[0].lat - first[1]) <= Self.tolerance)
        let total = polygons.reduce(0) { $0 + $1.ring.count }
        #expect(total == 37_179)
        #expect(number(checks["total_polygon_vertices"]) == Double(total))
    }

    @Test func trackMatchesChecksJSON() throws {
        let checks = try Fixture.json("checks.json")
        let track = GeofenceBenchData.track(100_000)
        for key in ["track0", "track99999"] {
            let values = try #require((checks[key] as? [Any])?.compactMap(number))
            try #require(values.count == 4)
            let fix = track[Int(values[0])]
            #expect(fix.t == Int(values[0]))
            #expect(abs(fix.lon - values[1]) <= Self.tolerance, "\(key) lon")
            #expect(abs(fix.lat - values[2]) <= Self.tolerance, "\(key) lat")
            #expect(fix.mode.rawValue == Int(values[3]), "\(key) mode")
        }
        #expect(track[0].mode == .driving)
        #expect(track[99_999].mode == .walking)
    }

    @Test func listsArePrefixStable() {
        #expect(GeofenceBenchData.circles(100) == Array(GeofenceBenchData.circles(1_000).prefix(100)))
        #expect(GeofenceBenchData.track(500) == Array(GeofenceBenchData.track(2_000).prefix(500)))
        let few = GeofenceBenchData.polygons(3), more = GeofenceBenchData.polygons(10)
        for i in 0..<3 {
            #expect(few[i].ring.map(\.lon) == more[i].ring.map(\.lon))
            #expect(few[i].ring.map(\.lat) == more[i].ring.map(\.lat))
        }
    }

    @Test func polygonRingsAreOpenCounterClockwiseAndInTheirRange() {
        for polygon in GeofenceBenchData.polygons(1_000) {
            let ring = polygon.ring
            #expect((8...64).contains(ring.count))
            #expect(ring.first! != ring.last!, "polygon \(polygon.index): ring is open")
            var twiceArea = 0.0
            for k in ring.indices {
                let a = ring[k], b = ring[(k + 1) % ring.count]
                twiceArea += a.lon * b.lat - b.lon * a.lat
            }
            #expect(twiceArea > 0, "polygon \(polygon.index) is counter-clockwise")
        }
    }

    @Test func everythingStaysNearTheBox() {
        // Circles lie inside; polygon vertices reach up to 2 km (< 0.03°) past the center's box;
        // fixes are reflected at the edges, noise adds metres.
        for c in GeofenceBenchData.circles(10_000) {
            #expect(c.lon >= GeofenceBenchData.lonMin && c.lon < GeofenceBenchData.lonMax)
            #expect(c.lat >= GeofenceBenchData.latMin && c.lat < GeofenceBenchData.latMax)
            #expect(c.radiusMetres >= 50 && c.radiusMetres < 500)
        }
        for f in GeofenceBenchData.track(100_000) {
            #expect(f.lon > GeofenceBenchData.lonMin - 0.001 && f.lon < GeofenceBenchData.lonMax + 0.001)
            #expect(f.lat > GeofenceBenchData.latMin - 0.001 && f.lat < GeofenceBenchData.latMax + 0.001)
        }
    }
}
