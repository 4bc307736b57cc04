/// A place that raises enter, exit and dwell events: a circle around a site, or an area
/// (a polygon with holes, or several) such as a park boundary.
///
/// Build regions from untrusted numbers with the throwing initialisers: they reject a radius
/// that is not a positive finite number and rings that cross themselves.
public struct GeofenceRegion: Sendable {
    /// The region's geometry.
    public enum Shape: Sendable {
        /// Points whose WGS84 geodesic distance from `center` is at most `radius` metres.
        case circle(center: Coordinate, radius: Double)
        /// Points inside the boundary (even–odd rule over plain longitude/latitude, as the
        /// reference harness and most GIS tools do).
        case area(Boundary)
    }

    /// The stable identifier events carry (a site id, `park`, `c17`).
    public let id: String
    /// What people call it.
    public let name: String
    /// Its geometry.
    public let shape: Shape
    /// The circle a phone's region monitor would watch for it: the circle itself, or for an
    /// area the smallest circle about its centroid that holds every vertex.
    public let monitorCenter: Coordinate
    /// The radius of ``monitorCenter``'s circle, metres.
    public let monitorRadius: Double
    /// The box around the region (for a circle, around the circle); `west > east` for a circle
    /// across the antimeridian.
    public let boundingBox: BoundingBox

    /// Largest radius accepted: 100 km. Larger "circles" are areas, not geofences.
    public static let maximumRadius = 100_000.0

    /// A circular region.
    /// - Parameters:
    ///   - id: Identifier carried by events.
    ///   - name: Display name.
    ///   - center: The center.
    ///   - radius: Metres, finite, in (0, 100 km].
    /// - Throws: ``GeoError`` of kind ``GeoError/Kind/invalidContent``, e.g.
    ///   `region 'c3': radius -5 must be a positive number of metres`.
    public init(id: String, name: String? = nil, center: Coordinate, radius: Double) throws(GeoError) {
        guard radius.isFinite, radius > 0 else {
            throw GeoError(.invalidContent, "region '\(id)': radius \(GeoError.text(radius)) must be a positive number of metres")
        }
        guard radius <= Self.maximumRadius else {
            throw GeoError(.invalidContent, "region '\(id)': radius \(GeoError.text(radius)) m is over the 100 km limit")
        }
        self.id = id
        self.name = name ?? id
        shape = .circle(center: center, radius: radius)
        monitorCenter = center
        monitorRadius = radius
        let metric = LocalMetric(latitude: center.latitude)
        let dLat = radius / metric.metresPerDegreeLatitude
        // The box widens by the larger longitude scale at the circle's poleward edge.
        let poleward = min(89.999, abs(center.latitude) + dLat)
        let dLon = min(180, radius / LocalMetric(latitude: poleward).metresPerDegreeLongitude)
        // Near ±180° the box runs on across the antimeridian (west > east), never past it.
        boundingBox = BoundingBox(
            wrappingWest: center.longitude - dLon, south: max(-90, center.latitude - dLat),
            east: center.longitude + dLon, north: min(90, center.latitude + dLat))
    }

    /// An area region.
    /// - Parameters:
    ///   - id: Identifier carried by events.
    ///   - name: Display name.
    ///   - boundary: Its polygons; no ring may cross itself.
    /// - Throws: ``GeoError`` naming the ring and the crossing edges when a ring crosses itself.
    public init(id: String, name: String? = nil, boundary: Boundary) throws(GeoError) {
        if let crossing = boundary.firstSelfIntersection() {
            throw GeoError(
                .invalidContent,
                "region '\(id)': polygon \(crossing.polygon + 1), ring \(crossing.ring + 1) crosses itself "
                    + "(edges \(crossing.edges.0 + 1) and \(crossing.edges.1 + 1))")
        }
        self.id = id
        self.name = name ?? id
        shape = .area(boundary)
        let center = boundary.centroid
        monitorCenter = center
        var reach = 0.0
        boundary.forEachVertex { longitude, latitude in
            let d = Spherical.distance(center, Coordinate(latitude: latitude, longitude: longitude))
            reach = max(reach, d)
        }
        // The sphere can be 0.56% short of the ellipsoid: pad so the circle surely holds the area.
        monitorRadius = reach * 1.006 + 1
        boundingBox = boundary.boundingBox
    }

    /// Whether the region holds the coordinate.
    public func contains(_ coordinate: Coordinate) -> Bool {
        switch shape {
        case .circle(let center, let radius):
            return GeofenceCircle(center: center, radius: radius).contains(coordinate)
        case .area(let boundary):
            return boundary.contains(coordinate)
        }
    }

    /// Metres from the coordinate to the edge of the monitored circle, negative inside it, in
    /// the flat metric at the circle's center (``LocalMetric``: within 2e-5 of the geodesic at
    /// 1 km): for ranking regions, not for deciding containment.
    public func monitorDistance(from coordinate: Coordinate) -> Double {
        GeofenceCircle(center: monitorCenter, radius: monitorRadius).edgeDistance(from: coordinate)
    }
}

extension GeofenceRegion {
    /// Whether ``edgeDistance(from:)`` is less than `margin`, without measuring every edge of
    /// an area (``Boundary/hasEdge(closerThan:to:)``).
    /// - Parameters:
    ///   - margin: metres.
    ///   - c: the coordinate.
    public func hasEdge(closerThan margin: Double, to c: Coordinate) -> Bool {
        switch shape {
        case .circle: return edgeDistance(from: c) < margin
        case .area(let boundary): return boundary.hasEdge(closerThan: margin, to: c)
        }
    }

    /// Metres from the coordinate to the region's edge (unsigned), in a flat metric at the
    /// coordinate: for the enter and exit margins, a few metres wide.
    public func edgeDistance(from c: Coordinate) -> Double {
        switch shape {
        case .circle(let center, let radius):
            return abs(GeofenceCircle(center: center, radius: radius).edgeDistance(from: c))
        case .area(let boundary):
            return boundary.edgeDistance(from: c)
        }
    }
}
