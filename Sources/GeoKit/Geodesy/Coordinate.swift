/// A position on the Earth in WGS84 degrees: latitude in [-90, 90], longitude in [-180, 180].
///
/// Build one from untrusted numbers with ``init(validatingLatitude:longitude:)`` or from
/// command-line text with ``parse(_:)``; both reject NaN, infinities and out-of-range values.
/// Decoding (`Codable`) validates the same way.
public struct Coordinate: Sendable, Hashable, Codable {
    /// Degrees north of the equator, in [-90, 90].
    public let latitude: Double
    /// Degrees east of Greenwich, in [-180, 180].
    public let longitude: Double

    /// A coordinate from values known to be valid (constants, already checked data).
    ///
    /// Does not check the ranges; use ``init(validatingLatitude:longitude:)`` for input.
    /// - Parameters:
    ///   - latitude: Degrees north, in [-90, 90].
    ///   - longitude: Degrees east, in [-180, 180].
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// A coordinate from untrusted numbers.
    ///
    /// - Parameters:
    ///   - latitude: Degrees north; must be finite and in [-90, 90].
    ///   - longitude: Degrees east; must be finite and in [-180, 180].
    /// - Throws: ``GeoError`` of kind ``GeoError/Kind/invalidCoordinate`` naming the value,
    ///   e.g. `latitude 137.8 out of range [-90, 90]` or `longitude nan is not a finite number`.
    public init(validatingLatitude latitude: Double, longitude: Double) throws(GeoError) {
        try Self.check(latitude, name: "latitude", limit: 90)
        try Self.check(longitude, name: "longitude", limit: 180)
        self.init(latitude: latitude, longitude: longitude)
    }

    // MARK: - Codable

    private enum CodingKeys: String, CodingKey {
        case latitude, longitude
    }

    /// Decodes `{"latitude": …, "longitude": …}` and validates it.
    /// - Throws: `DecodingError.dataCorrupted` with the ``GeoError`` message.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let latitude = try container.decode(Double.self, forKey: .latitude)
        let longitude = try container.decode(Double.self, forKey: .longitude)
        do {
            try self.init(validatingLatitude: latitude, longitude: longitude)
        } catch {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: decoder.codingPath, debugDescription: error.message))
        }
    }

    // MARK: - Validation

    static func check(_ value: Double, name: String, limit: Double) throws(GeoError) {
        guard value.isFinite else {
            throw GeoError(.invalidCoordinate, "\(name) \(GeoError.text(value)) is not a finite number")
        }
        guard (-limit...limit).contains(value) else {
            throw GeoError(
                .invalidCoordinate,
                "\(name) \(GeoError.text(value)) out of range [-\(GeoError.text(limit)), \(GeoError.text(limit))]")
        }
    }
}
