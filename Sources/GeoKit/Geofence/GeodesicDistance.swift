/// The exact distance geofencing decides edge cases with: the WGS84 geodesic, as the
/// reference harness's containment truth is.
enum GeodesicDistance {
    static func metres(_ a: Coordinate, _ b: Coordinate) -> Double {
        Geodesic.wgs84.inverse(from: a, to: b).distance
    }
}
