import Foundation
import Testing
@testable import GeoKit

/// Antipodes, poles, the equator and coincident points, where simpler solvers (Vincenty's)
/// fail to converge or divide by zero. Expected values from GeographicLib 2.1 (Python).
struct GeodesicSpecialCaseTests {
    static let geodesic = Geodesic.wgs84
    /// Half the meridian: pole to pole, and the length of every exactly antipodal geodesic.
    static let halfMeridian = 20_003_931.458625447

    static func solve(
        _ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double,
        _ precision: Geodesic.Precision = .automatic
    ) -> Geodesic.InverseSolution {
        geodesic.inverse(
            from: Coordinate(latitude: lat1, longitude: lon1), to: Coordinate(latitude: lat2, longitude: lon2),
            precision: precision)
    }

    /// Nearly antipodal points, where Vincenty's iteration oscillates or never converges.
    @Test(arguments: [
        (0.0, 0.0, 0.5, 179.7, 19_944_127.420750458, 15.556882793490544, 164.44251389085494),
        (0.0, 0.0, 0.5, 179.5, 19_936_288.578965314, 25.67187286829188, 154.3270854699416),
        (-30.12345, 0.0, 30.12345, 179.99, 20_003_922.22814904, 178.90231793249245, 1.0976820675075463),
        (-0.000001, 0.0, 0.000002, 179.9999999, 20_003_931.34805117, 9.501777185222856e-06, 179.99999049822281),
    ])
    func vincentysFailureRegion(
        lat1: Double, lon1: Double, lat2: Double, lon2: Double,
        distance: Double, azi1: Double, azi2: Double
    ) {
        let solution = Self.solve(lat1, lon1, lat2, lon2)
        #expect(abs(solution.distance - distance) <= 1e-9 * distance)
        #expect(bearingDifference(solution.initialBearing, azi1) <= 1e-9)
        #expect(bearingDifference(solution.finalBearing, azi2) <= 1e-9)
    }

    /// Exact antipodes have infinitely many geodesics; any one will do, but its length is fixed.
    @Test(arguments: [(0.0, 0.0), (45.0, 10.0), (-89.9, 0.0), (30.0, -180.0), (1e-300, 90.0)])
    func exactAntipodes(lat: Double, lon: Double) {
        let antipode = Coordinate(latitude: -lat, longitude: lon > 0 ? lon - 180 : lon + 180)
        let solution = Self.geodesic.inverse(from: Coordinate(latitude: lat, longitude: lon), to: antipode)
        #expect(abs(solution.distance - Self.halfMeridian) <= 1e-8)
        // Starting north or south (or at the equator, also along a meridian): over a pole.
        #expect(bearingDifference(solution.initialBearing, 0) <= 1e-9 || bearingDifference(solution.initialBearing, 180) <= 1e-9)
    }

    @Test func poles() {
        #expect(abs(Self.solve(90, 0, -90, 0).distance - Self.halfMeridian) <= 1e-8)
        #expect(abs(Self.solve(90, 17, -90, -123).distance - Self.halfMeridian) <= 1e-8)
        // The pole is one point whatever its longitude.
        #expect(Self.solve(90, 0, 90, 90).distance == 0)
        #expect(Self.solve(-90, 45, -90, -135, .full).distance == 0)
        // From the north pole everything is south; bearings there follow the pole's longitude.
        let fromPole = Self.solve(90, 0, 0, 0)
        #expect(abs(fromPole.distance - Self.halfMeridian / 2) <= 1e-8)
        #expect(fromPole.initialBearing == 180 && fromPole.finalBearing == 180)
        #expect(Self.solve(-90, 0, 10, 90).initialBearing == 90)
    }

    /// The equator is a geodesic only up to lon12 = (1 - f) · 180° = 179.3966°; beyond, the
    /// shortest path bends towards a pole.
    @Test func equator() {
        let within = Self.solve(0, 0, 0, 179)
        #expect(abs(within.distance - 6_378_137 * 179 * .pi / 180) <= 1e-8)
        #expect(within.initialBearing == 90 && within.finalBearing == 90)
        let beyond = Self.solve(0, 0, 0, 179.5)
        #expect(abs(beyond.distance - 19_980_861.908890963) <= 1e-8)
        #expect(bearingDifference(beyond.initialBearing, 55.966495140158635) <= 1e-9)
        #expect(bearingDifference(beyond.finalBearing, 124.03350485984137) <= 1e-9)
        let westwards = Self.solve(0, 10, 0, -20)
        #expect(westwards.initialBearing == 270 && westwards.finalBearing == 270)
    }

    @Test func coincidentPoints() {
        for (lat, lon) in [(0.0, 0.0), (37.8, -122.4), (-12.5, 180), (89.999, 3), (-90, 0)] {
            for precision in [Geodesic.Precision.automatic, .full] {
                let solution = Self.solve(lat, lon, lat, lon, precision)
                #expect(solution.distance == 0)
                #expect(solution.initialBearing >= 0 && solution.initialBearing < 360)
            }
        }
        // +180 and -180 are one meridian.
        #expect(Self.solve(12.5, 180, 12.5, -180).distance == 0)
    }

    /// A grid through every special place: never NaN, bearings in range, never longer than
    /// half the meridian (the longest shortest path on an oblate ellipsoid).
    @Test func neverReturnsNaN() {
        let latitudes = [-90, -89.999999, -60, -1e-9, -0.0, 0, 1e-300, 0.5, 45, 89.99999999, 90]
        let longitudes = [-180, -179.5, -90, -1e-12, 0, 1e-9, 0.001, 90, 179.4, 179.39655, 179.99999999, 180]
        for lat1 in latitudes {
            for lat2 in latitudes {
                for lon2 in longitudes {
                    for precision in [Geodesic.Precision.automatic, .full] {
                        let s = Self.solve(lat1, 0, lat2, lon2, precision)
                        #expect(s.distance >= 0 && s.distance <= Self.halfMeridian + 1e-8, "\(lat1) \(lat2) \(lon2)")
                        #expect(s.initialBearing >= 0 && s.initialBearing < 360, "\(lat1) \(lat2) \(lon2)")
                        #expect(s.finalBearing >= 0 && s.finalBearing < 360, "\(lat1) \(lat2) \(lon2)")
                    }
                }
            }
        }
    }
}
