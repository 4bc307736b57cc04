import Foundation
@testable import GeoKit

/// One row of `geodesic-precise-cases.csv`: a WGS84 inverse solution from GeographicLib,
/// every number at full double precision (see `make-geodesic-cases.py`).
struct GeodesicCase {
    var kind: String
    var lat1, lon1, azi1, lat2, lon2, azi2, s12: Double

    var start: Coordinate { Coordinate(latitude: lat1, longitude: lon1) }
    var end: Coordinate { Coordinate(latitude: lat2, longitude: lon2) }

    /// Every case in the fixture, in file order.
    static func precise() throws -> [GeodesicCase] {
        try Fixture.text("geodesic-precise-cases.csv").split(separator: "\n")
            .filter { !$0.hasPrefix("#") && !$0.hasPrefix("kind,") }
            .map { line in
                let field = line.split(separator: ",")
                let number = field.dropFirst().compactMap { Double($0) }
                guard number.count == 7 else { throw BadRow(line: String(line)) }
                return GeodesicCase(
                    kind: String(field[0]), lat1: number[0], lon1: number[1], azi1: number[2],
                    lat2: number[3], lon2: number[4], azi2: number[5], s12: number[6])
            }
    }

    struct BadRow: Error {
        var line: String
    }
}

/// The difference of two bearings in degrees, modulo 360: in [0, 180].
func bearingDifference(_ x: Double, _ y: Double) -> Double {
    abs(remainder(x - y, 360))
}
