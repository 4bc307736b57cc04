import Formats
extension BoundingBox {
    /// A box from its four edges in degrees, checked: west within [-180, 180], latitudes within
    /// [-90, 90] and south below north. A box across the antimeridian is asked for in one of
    /// two ways, so that west and east given the wrong way round are caught, not shown as a
    /// box around the rest of the world (issue 13):
    /// - east past 180, less than a full turn east of west: `170,-10,190,10`, kept as west 170,
    ///   east -170;
    /// - west east of east, as GeoJSON writes it, when that box is less than half the world
    ///   wide: `170,-10,-170,10`. A narrower gap the other way (`-122.3,…,-122.6,…`) is a swap.
    /// - Throws: ``GeoError`` of kind ``GeoError/Kind/invalidCoordinate`` naming the edge:
    ///   `west -190 out of range [-180, 180]`, `south 37.9 is not below north 37.8`, `west
    ///   -122.3 is east of east -122.6; did you mean -122.6,37.7,-122.3,37.9? (…)`.
    public init(validatingWest west: Double, south: Double, east: Double, north: Double) throws(GeoError) {
        guard west.isFinite, (-180...180).contains(west) else {
            throw GeoError(.invalidCoordinate, "west \(GeoError.text(west)) out of range [-180, 180]")
        }
        // Past 180 east goes on across the antimeridian, up to (not including) a full turn.
        guard east.isFinite, east >= -180, east <= 180 || east < west + 360 else {
            throw GeoError(
                .invalidCoordinate,
                "east \(GeoError.text(east)) out of range [-180, 180]"
                    + (east > 180 ? ", or past 180 less than a full turn east of west \(GeoError.text(west))" : ""))
        }
        for (name, value) in [("south", south), ("north", north)] where !(value.isFinite && (-90...90).contains(value)) {
            throw GeoError(.invalidCoordinate, "\(name) \(GeoError.text(value)) out of range [-90, 90]")
        }
        guard south < north else {
            throw GeoError(.invalidCoordinate, "south \(GeoError.text(south)) is not below north \(GeoError.text(north))")
        }
        if west > east, west - east <= 180 {
            let text = { (edges: [Double]) in edges.map { GeoError.text(Self.tidy($0)) }.joined(separator: ",") }
            throw GeoError(
                .invalidCoordinate,
                "west \(GeoError.text(west)) is east of east \(GeoError.text(east)); "
                    + "did you mean \(text([east, south, west, north]))? (a box across the antimeridian "
                    + "gives east past 180, as \(text([west, south, east + 360, north])))")
        }
        self.init(west: west, south: south, east: east > 180 ? east - 360 : east, north: north)
    }

    /// `x` rounded to 1e-9°, so a suggestion computed from the edges shows `237.4`, not the
    /// last bits of `-122.6 + 360`.
    private static func tidy(_ x: Double) -> Double { (x * 1e9).rounded() / 1e9 }

    /// Parses text `W,S,E,N` in decimal degrees (GeoJSON's `bbox` order), such as
    /// `-122.52,37.74,-122.40,37.82`; spaces around the numbers are allowed.
    /// - Parameter text: The text to parse.
    /// - Returns: The checked box (see ``init(validatingWest:south:east:north:)`` for boxes
    ///   across the antimeridian and the swap it refuses).
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
