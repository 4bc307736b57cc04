import Foundation
import Testing
@testable import GeoKit

/// The public inverse on short lines (1 m to 30 km, every latitude up to the poles, every
/// azimuth, across the antimeridian) against GeographicLib run in long double: 1e-9 relative
/// in distance and 1e-9° in bearing, whichever path a line takes.
struct ShortLineTests {
    /// One row of `short-geodesic-cases.csv` (see `make-short-geodesic-cases.cpp`).
    struct Case: CustomStringConvertible {
        var kind: String
        var lat1, lon1, lat2, lon2, s12, azi1, azi2: Double

        var start: Coordinate { Coordinate(latitude: lat1, longitude: lon1) }
        var end: Coordinate { Coordinate(latitude: lat2, longitude: lon2) }
        var description: String { "\(kind) (\(lat1), \(lon1)) → (\(lat2), \(lon2)) \(s12) m" }
    }

    static func cases() throws -> [Case] {
        try Fixture.text("short-geodesic-cases.csv").split(separator: "\n")
            .filter { !$0.hasPrefix("#") && !$0.hasPrefix("kind,") }
            .map { line in
                let field = line.split(separator: ",")
                let n = field.dropFirst().compactMap { Double($0) }
                guard n.count == 7 else { throw GeodesicCase.BadRow(line: String(line)) }
                return Case(
                    kind: String(field[0]), lat1: n[0], lon1: n[1], lat2: n[2], lon2: n[3],
                    s12: n[4], azi1: n[5], azi2: n[6])
            }
    }

    /// Every entry point a caller has: the default inverse, the checked raw-number inverse (what
    /// `geo.inverse` calls) and `Coordinate.distance(to:)` / `initialBearing(to:)` (`geo.distance`,
    /// `geo.bearing`). The requirement is 1e-9; the measured worst is pinned closer (1e-12
    /// relative; 1.0e-10° at 14.9 km where the short-line path's O(s³) term peaks, the rest
    /// being the reference's own ~4e-11°) so a regression shows long before the requirement.
    @Test func everyPublicInverseMeetsOneBillionth() throws {
        let cases = try Self.cases()
        #expect(cases.count == 2_592)
        let geodesic = Geodesic.wgs84
        var worstDistance = 0.0, worstBearing = 0.0
        for c in cases {
            let solution = geodesic.inverse(from: c.start, to: c.end)
            let checked = try geodesic.inverse(latitude1: c.lat1, longitude1: c.lon1, latitude2: c.lat2, longitude2: c.lon2)
            #expect(checked == solution)
            #expect(c.start.distance(to: c.end) == solution.distance)
            #expect(c.start.initialBearing(to: c.end) == solution.initialBearing)
            let distanceError = abs(solution.distance - c.s12) / c.s12
            let bearingError = max(
                bearingDifference(solution.initialBearing, c.azi1),
                bearingDifference(solution.finalBearing, c.azi2))
            #expect(distanceError <= 1e-9, "\(c)")
            #expect(bearingError <= 1e-9, "\(c)")
            worstDistance = max(worstDistance, distanceError)
            worstBearing = max(worstBearing, bearingError)
        }
        #expect(worstDistance < 1e-12)
        #expect(worstBearing < 1.5e-10)
    }

    /// The path is taken for chords under 15 km at any latitude, poles included, and across the
    /// antimeridian; not for longer lines, coincident points or a pole-to-pole pair.
    @Test func isTakenForChordsUnderFifteenKilometres() {
        let geodesic = Geodesic.wgs84
        func taken(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Bool {
            geodesic.shortLineInverse(lat1, lon1, lat2, lon2) != nil
        }
        let degreesPerMetre = 180 / Double.pi / 6_378_137
        #expect(taken(0, 0, 0, 14_980 * degreesPerMetre))
        #expect(!taken(0, 0, 0, 15_010 * degreesPerMetre))
        #expect(taken(60, 10, 60.13, 10))
        #expect(!taken(60, 10, 60.14, 10))
        #expect(taken(89.99999, 0, 89.99999, 170))  // 2 m across the pole
        #expect(taken(90, 0, 89.9, 45))  // from the pole itself
        #expect(taken(-89.95, 180, -89.96, -1))  // near the south pole, opposite meridians
        #expect(taken(10, 179.99, 10, -179.99))  // across the antimeridian
        #expect(!taken(10, 20, 10, 20))
        #expect(!taken(90, 0, -90, 0))
        #expect(!taken(0, 0, 0, 180))
    }

    /// At a pole the bearings follow the longitude given for it, as in Karney's solution.
    @Test func bearingsAtAPoleFollowItsLongitude() throws {
        let geodesic = Geodesic.wgs84
        for (pole, other) in [(90.0, 89.9999), (-90, -89.9999)] {
            for (lon1, lon2) in [(0.0, 0.0), (0, 90), (30, -100), (-170, 175)] {
                let short = geodesic.inverse(
                    from: Coordinate(latitude: pole, longitude: lon1),
                    to: Coordinate(latitude: other, longitude: lon2))
                let full = geodesic.inverse(
                    from: Coordinate(latitude: pole, longitude: lon1),
                    to: Coordinate(latitude: other, longitude: lon2), precision: .full)
                #expect(abs(short.distance - full.distance) <= 1e-9 * full.distance, "\(pole) \(lon1) \(lon2)")
                #expect(bearingDifference(short.initialBearing, full.initialBearing) <= 1e-9, "\(pole) \(lon1) \(lon2)")
                #expect(bearingDifference(short.finalBearing, full.finalBearing) <= 1e-9, "\(pole) \(lon1) \(lon2)")
            }
        }
    }

    /// On a sphere (f = 0) the normal section is the geodesic and the arc is 2R asin(c / 2R):
    /// the path must agree with the haversine and bearing formulas, written without
    /// cancellation (sin²(Δλ/2) forms) so they keep full relative precision on short lines.
    @Test func onASphereItIsTheGreatCircle() throws {
        let radius = 6_371_000.0
        let sphere = Geodesic(try Ellipsoid(equatorialRadius: radius, flattening: 0))
        var random = SplitMix64(seed: 0x5F)
        for _ in 0..<500 {
            let start = Coordinate(latitude: random.next(in: -89.9...89.9), longitude: random.next(in: -180...180))
            let distance = pow(10, random.next(in: 0...4.1))
            let end = try sphere.direct(from: start, bearing: random.next(in: 0...360), distance: distance).destination
            let (phi1, phi2) = (start.latitude * .pi / 180, end.latitude * .pi / 180)
            let dPhi = (end.latitude - start.latitude) * .pi / 180
            let dLambda = remainder(end.longitude - start.longitude, 360) * .pi / 180
            let h = pow(sin(dPhi / 2), 2) + cos(phi1) * cos(phi2) * pow(sin(dLambda / 2), 2)
            let arc = 2 * radius * asin(h.squareRoot())
            let bearing = atan2(sin(dLambda) * cos(phi2), sin(dPhi) + 2 * sin(phi1) * cos(phi2) * pow(sin(dLambda / 2), 2))
            let solution = sphere.inverse(from: start, to: end)
            #expect(abs(solution.distance - arc) <= 1e-12 * arc, "\(start) \(end)")
            #expect(bearingDifference(solution.initialBearing, bearing * 180 / .pi) <= 1e-11, "\(start) \(end)")
        }
    }
}
