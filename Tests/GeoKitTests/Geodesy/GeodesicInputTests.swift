import Foundation
import Testing
@testable import GeoKit

/// Validation of raw numbers (as Lua passes them): errors with the argument's name, never a trap.
struct GeodesicInputTests {
    @Test(
        arguments: [
            ([137.8, 0, 0, 0], "latitude1 137.8 out of range [-90, 90]"),
            ([0, -180.5, 0, 0], "longitude1 -180.5 out of range [-180, 180]"),
            ([0, 0, -90.5, 0], "latitude2 -90.5 out of range [-90, 90]"),
            ([0, 0, 0, 200], "longitude2 200 out of range [-180, 180]"),
            ([.nan, 0, 0, 0], "latitude1 nan is not a finite number"),
            ([0, 0, 0, .infinity], "longitude2 inf is not a finite number"),
            ([0, 0, -.infinity, 0], "latitude2 -inf is not a finite number"),
        ] as [([Double], String)])
    func inverseRejects(arguments: [Double], message: String) {
        let error = #expect(throws: GeoError.self) {
            try Geodesic.wgs84.inverse(
                latitude1: arguments[0], longitude1: arguments[1], latitude2: arguments[2], longitude2: arguments[3])
        }
        #expect(error?.description == message)
        #expect(error?.kind == .invalidCoordinate)
    }

    @Test func inverseAcceptsTheEdgesOfTheRange() throws {
        let solution = try Geodesic.wgs84.inverse(latitude1: -90, longitude1: -180, latitude2: 90, longitude2: 180)
        #expect(abs(solution.distance - 20_003_931.458625447) < 1e-8)
    }

    @Test(
        arguments: [
            ([137.8, 0, 0, 1], "latitude 137.8 out of range [-90, 90]", GeoError.Kind.invalidCoordinate),
            ([0, .nan, 0, 1], "longitude nan is not a finite number", .invalidCoordinate),
            ([0, 0, .nan, 1], "bearing nan is not a finite number", .invalidArgument),
            ([0, 0, -.infinity, 1], "bearing -inf is not a finite number", .invalidArgument),
            ([0, 0, 90, -5], "distance -5 is negative", .invalidArgument),
            ([0, 0, 90, -0.25], "distance -0.25 is negative", .invalidArgument),
            ([0, 0, 90, .infinity], "distance inf is not a finite number", .invalidArgument),
            ([0, 0, 90, .nan], "distance nan is not a finite number", .invalidArgument),
        ] as [([Double], String, GeoError.Kind)])
    func directRejects(arguments: [Double], message: String, kind: GeoError.Kind) {
        let error = #expect(throws: GeoError.self) {
            try Geodesic.wgs84.direct(
                latitude: arguments[0], longitude: arguments[1], bearing: arguments[2], distance: arguments[3])
        }
        #expect(error?.description == message)
        #expect(error?.kind == kind)
    }

    @Test func directTakesAnyFiniteBearingAndLongDistances() throws {
        let start = Coordinate(latitude: 0, longitude: 0)
        let east = try Geodesic.wgs84.direct(from: start, bearing: 90 + 720, distance: 1000)
        #expect(abs(east.destination.longitude - 1000 / 6_378_137 * 180 / .pi) < 1e-12)
        #expect(east.finalBearing == 90)
        // Once around the equator (2πa) comes back to the start.
        let around = try Geodesic.wgs84.direct(from: start, bearing: 90, distance: 2 * .pi * 6_378_137)
        #expect(abs(around.destination.longitude) < 1e-9 && around.destination.latitude == 0)
        #expect(try Geodesic.wgs84.direct(from: start, bearing: -0.0, distance: 0).destination == start)
    }

    @Test(arguments: [
        (6_378_137.0, 0.5, "flattening 0.5 out of range [0, 0.01]"),
        (6_378_137.0, -0.001, "flattening -0.001 out of range [0, 0.01]"),
        (6_378_137.0, Double.nan, "flattening nan is not a finite number"),
        (-1.0, 0.003, "equatorial radius -1 is not positive"),
        (Double.infinity, 0.003, "equatorial radius inf is not a finite number"),
    ])
    func ellipsoidRejects(radius: Double, flattening: Double, message: String) {
        let error = #expect(throws: GeoError.self) {
            try Ellipsoid(equatorialRadius: radius, flattening: flattening)
        }
        #expect(error?.description == message)
        #expect(error?.kind == .invalidArgument)
    }

    @Test func sphereMatchesGreatCircles() throws {
        let sphere = Geodesic(try Ellipsoid(equatorialRadius: Spherical.earthRadius, flattening: 0))
        var generator = SplitMix64(seed: 3)
        for _ in 0..<200 {
            let a = Coordinate(latitude: generator.next(in: -90...90), longitude: generator.next(in: -180...180))
            let b = Coordinate(latitude: generator.next(in: -90...90), longitude: generator.next(in: -180...180))
            let expected = Spherical.distance(a, b)
            #expect(abs(sphere.inverse(from: a, to: b, precision: .full).distance - expected) <= 1e-8 * expected + 1e-6)
        }
    }
}
