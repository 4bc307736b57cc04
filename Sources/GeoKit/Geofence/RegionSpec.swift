/// A region as content writes it — a flow's table or a party file's safe zone: a circle
/// `{id, name, lat, lon, radius_m}` or a polygon `{id, name, rings = {{{lat, lon}, ...}, hole, ...}}`.
/// Decodes from Lua tables and JSON alike; ``region(path:)`` checks it and names the field at fault.
public struct RegionSpec: Sendable, Codable, Equatable {
    /// A polygon's vertex.
    public struct Point: Sendable, Codable, Equatable {
        public var lat: Double
        public var lon: Double
        /// A vertex.
        public init(lat: Double, lon: Double) { (self.lat, self.lon) = (lat, lon) }
    }

    /// The id events carry; unique among the monitor's regions.
    public var id: String
    /// What people call it (default: the id).
    public var name: String?
    /// A circle's center.
    public var lat: Double?
    public var lon: Double?
    /// A circle's radius, metres, in (0, 100 km].
    public var radius_m: Double?
    /// A polygon: the outer ring, then holes; each ring at least 3 distinct points.
    public var rings: [[Point]]?

    /// A circle.
    public init(id: String, name: String? = nil, lat: Double, lon: Double, radiusMetres: Double) {
        (self.id, self.name, self.lat, self.lon, radius_m) = (id, name, lat, lon, radiusMetres)
    }

    /// A polygon.
    public init(id: String, name: String? = nil, rings: [[Point]]) {
        (self.id, self.name, self.rings) = (id, name, rings)
    }

    /// Whether it is a polygon (else a circle).
    public var isPolygon: Bool { rings != nil }

    /// The checked region.
    /// - Parameter path: how messages name this spec (`regions[2]`, `zones[1]`).
    /// - Throws: ``GeoError`` (``GeoError/Kind/invalidContent``) starting with the field's path:
    ///   `regions[2].radius_m: -5 must be a positive number of metres`,
    ///   `zones[1].rings[1]: crosses itself (edges 1 and 3)`.
    public func region(path: String) throws(GeoError) -> GeofenceRegion {
        func fail(_ field: String, _ message: String) -> GeoError {
            GeoError(.invalidContent, "\(path)\(field.isEmpty ? "" : ".")\(field): \(message)")
        }
        guard !id.isEmpty else { throw fail("id", "must not be empty") }
        if let rings {
            guard lat == nil, lon == nil, radius_m == nil else {
                throw fail("", "a polygon (rings) takes no lat, lon or radius_m")
            }
            guard !rings.isEmpty else { throw fail("rings", "needs at least the outer ring") }
            var polygon: [[Coordinate]] = []
            for (r, ring) in rings.enumerated() {
                var coordinates: [Coordinate] = []
                for (p, point) in ring.enumerated() {
                    do { coordinates.append(try Coordinate(validatingLatitude: point.lat, longitude: point.lon)) } catch {
                        throw fail("rings[\(r + 1)][\(p + 1)]", error.message)
                    }
                }
                guard Set(coordinates).count >= 3 else {
                    throw fail("rings[\(r + 1)]", "a ring needs at least 3 distinct points, got \(Set(coordinates).count)")
                }
                polygon.append(coordinates)
            }
            let boundary = try Boundary(polygons: [polygon])
            if let crossing = boundary.firstSelfIntersection() {
                throw fail("rings[\(crossing.ring + 1)]", "crosses itself (edges \(crossing.edges.0 + 1) and \(crossing.edges.1 + 1))")
            }
            return try GeofenceRegion(id: id, name: name, boundary: boundary)
        }
        guard let lat, let lon else { throw fail(lat == nil ? "lat" : "lon", "missing: a circle needs lat, lon and radius_m (or a polygon, rings)") }
        let center: Coordinate
        do { center = try Coordinate(validatingLatitude: lat, longitude: lon) } catch {
            throw fail(error.message.hasPrefix("latitude") ? "lat" : "lon", error.message)
        }
        guard let radius = radius_m else { throw fail("radius_m", "missing: a circle needs a radius in metres") }
        guard radius.isFinite, radius > 0 else {
            throw fail("radius_m", "\(GeoError.text(radius)) must be a positive number of metres")
        }
        guard radius <= GeofenceRegion.maximumRadius else {
            throw fail("radius_m", "\(GeoError.text(radius)) m is over the 100 km limit")
        }
        return try GeofenceRegion(id: id, name: name, center: center, radius: radius)
    }
}
