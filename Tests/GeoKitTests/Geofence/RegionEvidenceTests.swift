import Testing
@testable import GeoKit

/// What the monitors ask every region at every fix, ``RegionIndex``'s `evidence` (one flat
/// distance for a circle, no region copied), answers as the region itself does:
/// `RegionTracker.evidence` of the region and its containment, at every margin.
@Suite struct RegionEvidenceTests {
    @Test(arguments: [(0.0, 0.0), (0, 10), (5, 10), (25, 3)])
    func answersAsTheRegionDoes(enterMargin: Double, exitMargin: Double) throws {
        var settings = GeofenceSettings()
        settings.enterMargin = enterMargin
        settings.exitMargin = exitMargin
        let regions = [
            try Walk.circle("a", east: 0, radius: 50), try Walk.circle("b", east: 120, north: 40, radius: 8), try Walk.ring(),
            // Far north, where the flat metric's two scales differ most.
            try GeofenceRegion(id: "north", center: Coordinate(latitude: 69.5, longitude: 20), radius: 300),
        ]
        let index = RegionIndex(regions)
        var random = SplitMix64(seed: 32)
        var seen: [RegionTracker.Evidence: Int] = [:]
        for r in regions.indices {
            let center = regions[r].monitorCenter, reach = regions[r].monitorRadius
            for _ in 0..<4_000 {
                // Mostly within a few metres of an edge, where the margins decide.
                let distance = reach * random.next(in: 0...1.3)
                guard let c = try? Geodesic.wgs84.direct(from: center, bearing: random.next(in: 0...360), distance: distance).destination
                else { continue }
                let expected = RegionTracker.evidence(regions[r], c, inside: regions[r].contains(c), settings: settings)
                let answered = index.evidence(r, c, settings: settings)
                #expect(answered == expected, "\(regions[r].id) at \(c)")
                seen[answered, default: 0] += 1
            }
        }
        #expect(seen[.inside, default: 0] > 0 && seen[.outside, default: 0] > 0)
        if enterMargin > 0 || exitMargin > 0 { #expect(seen[.unclear, default: 0] > 0) }
    }
}
