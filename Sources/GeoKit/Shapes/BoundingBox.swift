/// A longitude/latitude rectangle in degrees, ordered as in GeoJSON `bbox`: west, south, east, north.
///
/// A box with `west > east` crosses the antimeridian (±180°); ``contains(_:)`` honours
/// that, but ``init(containing:)`` never builds one: it takes plain minimum and maximum.
public struct BoundingBox: Sendable, Hashable, Codable {
    /// The western edge, degrees of longitude.
    public var west: Double
    /// The southern edge, degrees of latitude.
    public var south: Double
    /// The eastern edge, degrees of longitude (less than ``west`` across the antimeridian).
    public var east: Double
    /// The northern edge, degrees of latitude.
    public var north: Double

    /// A box from its four edges, in degrees; not checked.
    /// - Parameters:
    ///   - west: Western longitude.
    ///   - south: Southern latitude.
    ///   - east: Eastern longitude.
    ///   - north: Northern latitude.
    public init(west: Double, south: Double, east: Double, north: Double) {
        self.west = west
        self.south = south
        self.east = east
        self.north = north
    }

    /// A box whose longitudes may run past ±180°, folded back into [-180, 180]: the same
    /// stretch of the Earth, which across the antimeridian means `west > east`. A box 360° or
    /// more wide is the whole circle of longitudes, -180 to 180. Latitudes are taken as given.
    /// - Parameters:
    ///   - west: Western longitude, any finite value (-180.5 is 179.5).
    ///   - south: Southern latitude.
    ///   - east: Eastern longitude, any finite value east of or equal to `west` when unfolded
    ///     (180.5 is -179.5).
    ///   - north: Northern latitude.
    public init(wrappingWest west: Double, south: Double, east: Double, north: Double) {
        if east - west >= 360 {
            self.init(west: -180, south: south, east: 180, north: north)
        } else {
            self.init(west: Self.folded(west), south: south, east: Self.folded(east), north: north)
        }
    }

    /// The smallest box holding every coordinate, by minimum and maximum longitude and latitude.
    /// - Parameter coordinates: The coordinates to enclose.
    /// - Returns: `nil` when `coordinates` is empty.
    public init?(containing coordinates: some Sequence<Coordinate>) {
        var iterator = coordinates.makeIterator()
        guard let first = iterator.next() else { return nil }
        self.init(west: first.longitude, south: first.latitude, east: first.longitude, north: first.latitude)
        while let next = iterator.next() {
            extend(longitude: next.longitude, latitude: next.latitude)
        }
    }

    /// Whether the coordinate lies inside or on the edge of the box.
    /// - Parameter coordinate: The coordinate to test.
    public func contains(_ coordinate: Coordinate) -> Bool {
        contains(longitude: coordinate.longitude, latitude: coordinate.latitude)
    }

    /// The middle of the box (across the antimeridian when `west > east`).
    public var center: Coordinate {
        var longitude = (west + east) / 2
        if west > east {
            longitude += 180
            if longitude > 180 { longitude -= 360 }
        }
        return Coordinate(latitude: (south + north) / 2, longitude: longitude)
    }

    // MARK: - Internal

    /// The box of a single point, the seed that ``extend(longitude:latitude:)`` grows.
    init(longitude: Double, latitude: Double) {
        self.init(west: longitude, south: latitude, east: longitude, north: latitude)
    }

    /// A longitude folded into [-180, 180]; values already there are unchanged (180 stays 180).
    static func folded(_ longitude: Double) -> Double {
        guard longitude < -180 || longitude > 180 else { return longitude }
        let folded = longitude - 360 * ((longitude + 180) / 360).rounded(.down)
        return folded == -180 && longitude > 0 ? 180 : folded
    }

    mutating func extend(longitude: Double, latitude: Double) {
        west = min(west, longitude)
        east = max(east, longitude)
        south = min(south, latitude)
        north = max(north, latitude)
    }

    func contains(longitude: Double, latitude: Double) -> Bool {
        guard latitude >= south, latitude <= north else { return false }
        if west <= east { return longitude >= west && longitude <= east }
        return longitude >= west || longitude <= east
    }
}
