extension Component {
    /// A point on the Earth in degrees, written in GeoJSON order: `[longitude, latitude]`,
    /// like `[-122.4770, 37.8105]`. Used by the map and the timeline (and later the AR view).
    public struct Coordinate: Hashable, Sendable {
        /// Degrees north of the equator, within -90...90.
        public var latitude: Double
        /// Degrees east of Greenwich, within -180...180.
        public var longitude: Double

        /// Creates a coordinate; labels keep the order GeoKit uses, JSON writes longitude first.
        /// - Parameters:
        ///   - latitude: degrees north, within -90...90.
        ///   - longitude: degrees east, within -180...180.
        public init(latitude: Double, longitude: Double) {
            self.latitude = latitude
            self.longitude = longitude
        }
    }
}

extension Component.Coordinate: Codable {
    /// Decodes `[longitude, latitude]` from any Decoder.
    /// - Throws: `DecodingError.dataCorrupted` when the list does not hold exactly two numbers.
    public init(from decoder: any Decoder) throws {
        let numbers = try decoder.decodeNumbers(["longitude", "latitude"], in: "coordinate")
        longitude = numbers[0]
        latitude = numbers[1]
    }

    /// Encodes `[longitude, latitude]`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.unkeyedContainer()
        try c.encode(longitude)
        try c.encode(latitude)
    }
}

extension Component.Coordinate: ScreenNode {
    static let latitudes: ClosedRange<Double> = -90...90
    static let longitudes: ClosedRange<Double> = -180...180

    /// Whether both numbers are on the Earth (NaN and infinities are not).
    var isOnEarth: Bool { Self.latitudes.contains(latitude) && Self.longitudes.contains(longitude) }

    func validate(at path: @autoclosure () -> String, into check: inout ScreenCheck) {
        check.checkRange(latitude, within: Self.latitudes, at: path(), named: "latitude")
        check.checkRange(longitude, within: Self.longitudes, at: path(), named: "longitude")
    }
}

extension Array where Element == Component.Coordinate {
    /// Validates each position at `path[i]`, as every list does, but names the path only
    /// for a position with an issue: a map's boundary holds a thousand positions, and
    /// building each one's path string was most of validating a map screen.
    func validate(at path: @autoclosure () -> String, into check: inout ScreenCheck) {
        for (index, position) in enumerated() where !position.isOnEarth {
            position.validate(at: "\(path())[\(index + 1)]", into: &check)
        }
    }

    /// Checks a closed ring (a boundary's, an area region's): at least 4 positions,
    /// the last equal to the first, each on the Earth.
    func validateRing(at path: @autoclosure () -> String, into check: inout ScreenCheck) {
        if count < 4 {
            check.report(path(), "a ring needs at least 4 positions, got \(count)")
        } else if first != last {
            check.report(path(), "a ring must end where it starts (its last position equals its first)")
        }
        validate(at: path(), into: &check)
    }
}

// The screen contract (Contract/ScreenContract.swift): schema/screen.schema.json is generated from it.
extension ScreenContract {
    static let coordinate = SchemaDefinition(
        "coordinate",
        .tuple([.reference("longitude"), .reference("latitude")], "[longitude, latitude] in degrees."))

    static let ring = SchemaDefinition(
        "ring",
        .array(of: .reference("coordinate"), minItems: 4, "A closed line: at least 4 positions, the last equal to the first (checked by ScreenValidator)."))

    static let longitude = SchemaDefinition(
        "longitude",
        .number(minimum: -180, maximum: 180))

    static let latitude = SchemaDefinition(
        "latitude",
        .number(minimum: -90, maximum: 90))
}
