/// The exact distance geofencing decides edge cases with: the WGS84 geodesic (within 1e-9 of
/// GeographicLib), as the reference harness's containment truth is. Only fixes the flat
/// ``LocalMetric`` screen cannot decide reach it (see ``GeofenceCircle``).
enum GeodesicDistance {
    static func metres(_ a: Coordinate, _ b: Coordinate) -> Double {
        Geodesic.wgs84.inverse(from: a, to: b).distance
    }
}
