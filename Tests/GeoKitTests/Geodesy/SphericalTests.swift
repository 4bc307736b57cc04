import Foundation
import Testing
@testable import GeoKit

struct SphericalTests {
    static let goldenGateBridge = Coordinate(latitude: 37.8199, longitude: -122.4783)
    static let alcatraz = Coordinate(latitude: 37.8267, longitude: -122.4230)
    static let radius = Spherical.earthRadius

    @Test func goldenGateBridgeToAlcatraz() {
        // Haversine on R = 6,371,008.8 m, computed independently; the WGS84 geodesic is about 4.92 km.
        let distance = Spherical.distance(Self.goldenGateBridge, Self.alcatraz)
        #expect(abs(distance - 4915.7008) < 0.001)
        #expect(abs(Spherical.initialBearing(Self.goldenGateBridge, Self.alcatraz) - 81.134756) < 1e-6)
        #expect(Spherical.distance(Self.alcatraz, Self.goldenGateBridge) == distance)
    }

    @Test func quarterAndHalfCircles() {
        let origin = Coordinate(latitude: 0, longitude: 0)
        let quarter = Double.pi * Self.radius / 2
        #expect(abs(Spherical.distance(origin, Coordinate(latitude: 0, longitude: 90)) - quarter) < 1e-6)
        #expect(abs(Spherical.distance(origin, Coordinate(latitude: 90, longitude: 0)) - quarter) < 1e-6)
        #expect(abs(Spherical.distance(origin, Coordinate(latitude: -90, longitude: 0)) - quarter) < 1e-6)
        // Antipodes: rounding must not turn the distance into NaN.
        let antipode = Spherical.distance(origin, Coordinate(latitude: 0, longitude: 180))
        #expect(abs(antipode - .pi * Self.radius) < 1e-6)
        #expect(Spherical.distance(Self.alcatraz, Self.alcatraz) == 0)
    }

    @Test func bearingsOfTheCardinalDirections() {
        let origin = Coordinate(latitude: 0, longitude: 0)
        let cases: [(Coordinate, Double)] = [
            (Coordinate(latitude: 10, longitude: 0), 0),
            (Coordinate(latitude: 0, longitude: 10), 90),
            (Coordinate(latitude: -10, longitude: 0), 180),
            (Coordinate(latitude: 0, longitude: -10), 270),
        ]
        for (target, expected) in cases {
            #expect(abs(Spherical.initialBearing(origin, target) - expected) < 1e-9)
        }
        #expect(Spherical.initialBearing(origin, origin) == 0)
    }

    @Test func bearingsStayInRange() {
        var generator = SplitMix64(seed: 42)
        for _ in 0..<2000 {
            let a = Coordinate(latitude: generator.next(in: -90...90), longitude: generator.next(in: -180...180))
            let b = Coordinate(latitude: generator.next(in: -90...90), longitude: generator.next(in: -180...180))
            let bearing = Spherical.initialBearing(a, b)
            #expect(bearing >= 0 && bearing < 360)
            #expect(Spherical.distance(a, b).isFinite)
        }
        #expect(Spherical.normalizedDegrees(-1e-15) < 360)
        #expect(Spherical.normalizedDegrees(-90) == 270)
        #expect(Spherical.normalizedDegrees(720) == 0)
    }

    /// The documented error against WGS84: up to 0.56% in distance and 0.2° in bearing.
    @Test func staysWithinTheDocumentedErrorOfGeographicLib() throws {
        let lines = try Fixture.text("geodesic-cases.csv").split(separator: "\n").dropFirst()
        #expect(lines.count == 120)
        var worstDistance = 0.0, worstBearing = 0.0
        for line in lines {
            let field = line.split(separator: ",").compactMap { Double($0) }
            try #require(field.count == 7)
            let a = Coordinate(latitude: field[0], longitude: field[1])
            let b = Coordinate(latitude: field[2], longitude: field[3])
            worstDistance = max(worstDistance, abs(Spherical.distance(a, b) - field[5]) / field[5])
            let bearingError = abs((Spherical.initialBearing(a, b) - field[6] + 540).truncatingRemainder(dividingBy: 360) - 180)
            worstBearing = max(worstBearing, bearingError)
        }
        #expect(worstDistance < 0.0057)
        #expect(worstDistance > 0.001)  // the sphere is an approximation, and the cases show it
        #expect(worstBearing < 0.2)
    }

    @Test func coordinateMethodsUseTheWGS84Engine() {
        let solution = Geodesic.wgs84.inverse(from: Self.goldenGateBridge, to: Self.alcatraz)
        #expect(Self.goldenGateBridge.distance(to: Self.alcatraz) == solution.distance)
        #expect(Self.goldenGateBridge.initialBearing(to: Self.alcatraz) == solution.initialBearing)
        // The ellipsoid is 11 m longer here than the sphere (0.23%).
        #expect(abs(solution.distance - 4926.92) < 0.01)
    }
}
