import Testing
@testable import GeoKit

/// RegionMonitor's refresh test screens with the flat metric: it must decide as the
/// geodesic does, near the limit, at high latitudes, across the antimeridian and far away.
@Suite struct RefreshScreenTests {
    @Test(arguments: [0.0, 1, 100, 250, 1_000, 2_000, 5_000])
    func decidesAsTheGeodesic(limit: Double) {
        var random = SplitMix64(seed: UInt64(limit) + 11)
        for _ in 0..<20_000 {
            let a = Coordinate(latitude: random.next(in: -89...89), longitude: random.next(in: -180...180))
            // Mostly near the limit, some anywhere within 10 km, some far.
            let reach = [
                limit * random.next(in: 0.99...1.01), limit * random.next(in: 0.9...1.1), random.next(in: 0...10_000),
                random.next(in: 0...5_000_000),
            ][Int(random.nextBits() % 4)]
            guard let b = try? Geodesic.wgs84.direct(from: a, bearing: random.next(in: 0...360), distance: reach).destination else { continue }
            let moved = a.distance(to: b) > limit
            #expect(RegionMonitor.hasMoved(from: a, to: b, farther: limit) == moved, "\(a) \(b) \(limit)")
            // As the monitor asks it, with the metric at `a` made once.
            #expect(RegionMonitor.hasMoved(from: a, to: b, farther: limit, metric: LocalMetric(latitude: a.latitude)) == moved)
        }
    }

    @Test func acrossTheAntimeridian() {
        let a = Coordinate(latitude: 10, longitude: 179.9995), b = Coordinate(latitude: 10, longitude: -179.9995)
        #expect(RegionMonitor.hasMoved(from: a, to: b, farther: 100) == (a.distance(to: b) > 100))
        #expect(RegionMonitor.hasMoved(from: a, to: b, farther: 120) == (a.distance(to: b) > 120))
    }
}
