extension BoundingBox {
    /// A box from its four edges in degrees, checked: longitudes within [-180, 180],
    /// latitudes within [-90, 90] and south below north. West may be east of east: such a
    /// box crosses the antimeridian.
    /// - Throws: ``GeoError`` of kind ``GeoError/Kind/invalidCoordinate`` naming the edge:
    ///   `west -190 out of range [-180, 180]`, `south 37.9 is not below north 37.8`.
    public init(validatingWest west: Double, south: Double, east: Double, north: Double) throws(GeoError) {
        for (name, value) in [("west", west), ("east", east)] where !(value.isFinite && (-180...180).contains(value)) {
            throw GeoError(.invalidCoordinate, "\(name) \(GeoError.text(value)) out of range [-180, 180]")
        }
        for (name, value) in [("south", south), ("north", north)] where !(value.isFinite && (-90...90).contains(value)) {
            throw GeoError(.invalidCoordinate, "\(name) \(GeoError.text(value)) out of range [-90, 90]")
        }
        guard south < north else {
            throw GeoError(.invalidCoordinate, "south \(GeoError.text(south)) is not below north \(GeoError.text(north))")
        }
        self.init(west: west, south: south, east: east, north: north)
    }

    /// Parses text `W,S,E,N` in decimal degrees (GeoJSON's `bbox` order), such as
    /// `-122.52,37.74,-122.40,37.82`; spaces around the numbers are allowed.
    /// - Parameter text: The text to parse.
    /// - Returns: The checked box (see ``init(validatingWest:south:east:north:)``).
    /// - Throws: ``GeoError`` of kind ``GeoError/Kind/invalidCoordinate``:
    ///   `expected W,S,E,N such as -122.52,37.74,-122.40,37.82, got '1,2,3'` for text that is
    ///   not four numbers, or the edge out of range.
    public static func parse(_ text: String) throws(GeoError) -> BoundingBox {
        let edges = text.split(separator: ",", omittingEmptySubsequences: false).map { NumberText.decimal($0) }
        guard edges.count == 4, let west = edges[0], let south = edges[1], let east = edges[2], let north = edges[3] else {
            throw GeoError(.invalidCoordinate, "expected W,S,E,N such as -122.52,37.74,-122.40,37.82, got \(NumberText.quoted(text))")
        }
        return try BoundingBox(validatingWest: west, south: south, east: east, north: north)
    }
}
