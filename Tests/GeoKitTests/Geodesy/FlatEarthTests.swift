import Foundation
import Testing
@testable import GeoKit

/// The automatic short-line shortcut: where it is taken, its error against Karney's solution.
struct FlatEarthTests {
    static let geodesic = Geodesic.wgs84
    static let a = 6_378_137.0

    /// Sweeps latitudes (both hemispheres, up to 89.9°), azimuths and distances up to and just
    /// past the gate, and measures the shortcut against the full solution wherever it is taken.
    /// The bound documented in Geodesic+FlatEarth.swift is 1.7e-7 (distance, relative) and
    /// 1.2e-7 rad (bearings) at the threshold, from an error coefficient of at most 0.047;
    /// the requirement is 1e-6. Measured here: 1.64e-7, 1.16e-7 rad, 0.0466.
    @Test func staysWithinItsErrorBoundAtTheThreshold() throws {
        var worstDistance = 0.0, worstBearing = 0.0, worstCoefficient = 0.0, taken = 0
        let latitudes = stride(from: -89.9, through: 89.9, by: 0.7).map { $0 } + [-60, 0, 37.8, 89.99]
        for latitude in latitudes {
            let reach = Self.geodesic.flatEarthLimit * cos(latitude * .pi / 180)
            for azimuth in stride(from: 0.0, to: 360, by: 7.5) {
                for fraction in [0.25, 0.9, 0.999, 1.001, 1.1] {
                    let start = Coordinate(latitude: latitude, longitude: 179.99)
                    let end = try Self.geodesic.direct(from: start, bearing: azimuth, distance: reach * fraction).destination
                    guard let shortcut = Self.geodesic.flatEarthInverse(
                        start.latitude, start.longitude, end.latitude, end.longitude) else { continue }
                    taken += 1
                    let full = Self.geodesic.inverse(from: start, to: end, precision: .full)
                    let distanceError = abs(shortcut.distance - full.distance) / full.distance
                    let bearingError = max(
                        bearingDifference(shortcut.initialBearing, full.initialBearing),
                        bearingDifference(shortcut.finalBearing, full.finalBearing)) * .pi / 180
                    let midLatitude = (start.latitude + end.latitude) / 2 * .pi / 180
                    let scale = pow(full.distance / Self.a / cos(midLatitude), 2)
                    worstDistance = max(worstDistance, distanceError)
                    worstBearing = max(worstBearing, bearingError)
                    worstCoefficient = max(worstCoefficient, distanceError / scale, bearingError / scale)
                }
            }
        }
        #expect(taken > 10_000)
        #expect(worstDistance < 2e-7)
        #expect(worstBearing < 1.5e-7)
        #expect(worstCoefficient < 0.05)
    }

    @Test func isTakenOnlyInsideTheGate() {
        let equator = Coordinate(latitude: 0, longitude: 0)
        func shortcut(_ to: Coordinate, from: Coordinate = equator) -> Geodesic.InverseSolution? {
            Self.geodesic.flatEarthInverse(from.latitude, from.longitude, to.latitude, to.longitude)
        }
        // 11.99 km along the equator is inside; 12.1 km is not.
        #expect(shortcut(Coordinate(latitude: 0, longitude: 11_990 / Self.a * 180 / .pi)) != nil)
        #expect(shortcut(Coordinate(latitude: 0, longitude: 12_100 / Self.a * 180 / .pi)) == nil)
        // At 60° the reach halves.
        let north = Coordinate(latitude: 60, longitude: 0)
        #expect(shortcut(Coordinate(latitude: 60.05, longitude: 0), from: north) != nil)
        #expect(shortcut(Coordinate(latitude: 60.06, longitude: 0), from: north) == nil)
        // Never at a pole, never for coincident points, never for far-apart ones.
        #expect(shortcut(Coordinate(latitude: 90, longitude: 10), from: Coordinate(latitude: 89.9999, longitude: 10)) == nil)
        #expect(shortcut(Coordinate(latitude: 90, longitude: 0), from: Coordinate(latitude: 90, longitude: 0.001)) == nil)
        #expect(shortcut(equator) == nil)
        #expect(shortcut(Coordinate(latitude: 0, longitude: 180)) == nil)
        // Across the antimeridian it is a short line like any other.
        #expect(shortcut(Coordinate(latitude: 0, longitude: -179.99), from: Coordinate(latitude: 0, longitude: 179.99)) != nil)
    }

    @Test func automaticPrecisionUsesIt() {
        let bridge = Coordinate(latitude: 37.8199, longitude: -122.4783)
        let alcatraz = Coordinate(latitude: 37.8267, longitude: -122.4230)
        let automatic = Self.geodesic.inverse(from: bridge, to: alcatraz)
        #expect(automatic == Self.geodesic.flatEarthInverse(bridge.latitude, bridge.longitude, alcatraz.latitude, alcatraz.longitude))
        // GeographicLib: 4926.919642908694 m, 81.17122543747797°, 81.20513696576762°.
        #expect(abs(automatic.distance - 4926.919642908694) <= 1e-6 * 4926.9)
        #expect(bearingDifference(automatic.initialBearing, 81.17122543747797) <= 1e-6 * 180 / .pi)
        #expect(bearingDifference(automatic.finalBearing, 81.20513696576762) <= 1e-6 * 180 / .pi)
    }
}
