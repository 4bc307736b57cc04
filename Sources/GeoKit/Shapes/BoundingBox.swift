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
