import BenchData
import Foundation
import Testing
@testable import GeoKit

/// The engine against the reference harness's event oracle (events_reference.py): 10,000
/// circles and 1,000 polygons around Yellowstone, the 100,000-fix 1 Hz track, every region
/// watched (no cap). The oracle confirms a change after 20 consecutive fixes in the new state,
/// which at 1 Hz is 19 s from the first of them: our delays are seconds from the first fix.
struct GeofenceOracleTests {
    static let regions: [GeofenceRegion] = {
        var regions: [GeofenceRegion] = []
        for c in GeofenceBenchData.circles(10_000) {
            if let region = try? GeofenceRegion(
                id: "c\(c.index)", center: Coordinate(latitude: c.lat, longitude: c.lon),
                radius: c.radiusMetres)
            {
                regions.append(region)
            }
        }
        for p in GeofenceBenchData.polygons(1_000) {
            let ring = p.ring.map { Coordinate(latitude: $0.lat, longitude: $0.lon) }
            if let boundary = try? Boundary(polygons: [[ring]]),
                let region = try? GeofenceRegion(id: "p\(p.index)", boundary: boundary)
            {
                regions.append(region)
            }
        }
        return regions
    }()

    static let track = GeofenceBenchData.track(100_000)

    static func events(delay: Double) -> [String] {
        let index = RegionIndex(regions)
        var settings = GeofenceSettings()
        settings.enterDelay = delay
        settings.exitDelay = delay
        settings.exitMargin = 0  // the oracle has no margin
        settings.dwellDelay = 120
        var monitor = UnlimitedMonitor(index: index, settings: settings)
        var out: [String] = []
        for fix in track {
            let f = GeofenceFix(coordinate: Coordinate(latitude: fix.lat, longitude: fix.lon), time: Double(fix.t))
            monitor.feed(f) { event in
                out.append("\(Int(event.time)),\(index.regions[Int(event.region)].id),\(event.kind.rawValue.uppercased())")
            }
        }
        return out
    }

    static func expected(_ name: String) throws -> [String] {
        try Fixture.text("geofence/\(name)").split(whereSeparator: \.isNewline).dropFirst().map(String.init)
    }

    @Test func regionsAreAllBuilt() {
        #expect(Self.regions.count == 11_000)
    }

    @Test func debouncedEventsEqualTheOracle() throws {
        let got = Self.events(delay: 19)
        let want = try Self.expected("events_debounced_c10k_p1k.csv")
        #expect(got.count == want.count)
        #expect(Set(got).symmetricDifference(Set(want)).sorted().prefix(10) == [])
        #expect(got.filter { $0.hasSuffix("ENTER") }.count == 328)
        #expect(got.filter { $0.hasSuffix("DWELL") }.count == 37)
    }

    @Test func rawEventsEqualTheOracle() throws {
        let got = Self.events(delay: 0)
        let want = try Self.expected("events_raw_c10k_p1k.csv")
        #expect(got.count == want.count)
        #expect(Set(got).symmetricDifference(Set(want)).sorted().prefix(10) == [])
    }
}
