/// The containment test of a circular region: a flat screen with the metric at the center,
/// and the exact WGS84 geodesic for fixes so near the edge that the screen could be wrong.
struct GeofenceCircle: Sendable {
    let latitude: Double
    let longitude: Double
    let radius: Double
    let metric: LocalMetric

    /// Relative band around the radius that the flat screen leaves to the geodesic: 1e-4,
    /// five times the flat metric's worst error at 1 km and 60° (see ``LocalMetric``).
    static let screenTolerance = 1e-4

    init(center: Coordinate, radius: Double) {
        latitude = center.latitude
        longitude = center.longitude
        self.radius = radius
        metric = LocalMetric(latitude: center.latitude)
    }

    /// Whether the geodesic distance from the center is at most the radius.
    @inline(__always)
    func contains(_ c: Coordinate) -> Bool {
        let d = metric.distance(latitude0: latitude, longitude0: longitude, latitude: c.latitude, longitude: c.longitude)
        let band = radius * Self.screenTolerance + 1e-3
        if d < radius - band { return true }
        if d > radius + band { return false }
        return GeodesicDistance.metres(Coordinate(latitude: latitude, longitude: longitude), c) <= radius
    }

    /// Flat metres from the edge, negative inside: for ranking regions, not for deciding.
    @inline(__always)
    func edgeDistance(from c: Coordinate) -> Double {
        metric.distance(latitude0: latitude, longitude0: longitude, latitude: c.latitude, longitude: c.longitude) - radius
    }
}
