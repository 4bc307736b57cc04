/// One polygonal region of the geofence benchmark, unrounded.
public struct BenchPolygon: Sendable {
    /// Position in the generated list (0-based); the data files' feature `id`.
    public var index: Int
    /// The vertices as (longitude, latitude) degrees, counter-clockwise, 8 to 64 of them.
    ///
    /// The ring is **open**, as `gen_data.py`'s `polygons()` returns it: the first vertex is
    /// not repeated at the end. `polygons_1k.geojson` writes it closed (first == last, so
    /// one position more than `properties.nverts`). The ring is star-shaped about the
    /// generated center, hence simple.
    public var ring: [(lon: Double, lat: Double)]

    /// A polygon from its generated values.
    public init(index: Int, ring: [(lon: Double, lat: Double)]) {
        self.index = index
        self.ring = ring
    }
}
