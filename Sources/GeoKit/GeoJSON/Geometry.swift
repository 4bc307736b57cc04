/// A GeoJSON position: a validated coordinate and the optional third number, elevation in metres.
struct Position: Sendable, Hashable {
    var coordinate: Coordinate
    var elevation: Double?
}

/// A GeoJSON geometry (RFC 7946 §3.1) whose positions are validated.
///
/// `GeometryCollection` is not supported. Polygon rings are closed and have at least four
/// positions; the first ring of a polygon is its outer ring, the others its holes.
enum Geometry: Sendable, Hashable {
    case point(Position)
    case multiPoint([Position])
    case lineString([Position])
    case multiLineString([[Position]])
    /// Rings: the outer ring, then the holes.
    case polygon([[Position]])
    /// Polygons, each as ``polygon(_:)`` holds them.
    case multiPolygon([[[Position]]])

    /// The GeoJSON `type` of this geometry.
    var typeName: String {
        switch self {
        case .point: "Point"
        case .multiPoint: "MultiPoint"
        case .lineString: "LineString"
        case .multiLineString: "MultiLineString"
        case .polygon: "Polygon"
        case .multiPolygon: "MultiPolygon"
        }
    }

    /// The polygons of a Polygon or MultiPolygon; `nil` for the other types.
    var polygons: [[[Position]]]? {
        switch self {
        case .polygon(let rings): [rings]
        case .multiPolygon(let polygons): polygons
        default: nil
        }
    }
}
