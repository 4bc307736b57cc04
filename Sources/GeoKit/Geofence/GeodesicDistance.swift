/// The exact distance geofencing decides edge cases with (placeholder until WGS84 lands).
enum GeodesicDistance {
    static func metres(_ a: Coordinate, _ b: Coordinate) -> Double { Spherical.distance(a, b) }
}
