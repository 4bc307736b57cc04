/// One circular region of the geofence benchmark: center and radius, unrounded.
public struct BenchCircle: Sendable, Equatable {
    /// Position in the generated list (0-based); the data files' feature `id`.
    public var index: Int
    /// Center longitude, degrees.
    public var lon: Double
    /// Center latitude, degrees.
    public var lat: Double
    /// Radius in metres, in [50, 500).
    public var radiusMetres: Double

    /// A circle from its generated values.
    public init(index: Int, lon: Double, lat: Double, radiusMetres: Double) {
        self.index = index
        self.lon = lon
        self.lat = lat
        self.radiusMetres = radiusMetres
    }
}
