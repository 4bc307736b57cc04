extension Boundary {
    /// Where a ring crosses itself: the polygon and ring (0-based) and two edge indexes
    /// (edge k joins vertices k and k + 1).
    public struct SelfIntersection: Sendable, Hashable {
        public let polygon: Int
        public let ring: Int
        public let edges: (Int, Int)

        public static func == (a: Self, b: Self) -> Bool {
            a.polygon == b.polygon && a.ring == b.ring && a.edges == b.edges
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(polygon)
            hasher.combine(ring)
            hasher.combine(edges.0)
            hasher.combine(edges.1)
        }
    }

    /// The first proper crossing of two edges of the same ring, or nil when no ring crosses
    /// itself. Edges that only touch (a shared vertex, a ring pinched at a point) or overlap
    /// along a line are accepted: boundary data has them and containment stays well defined.
    ///
    /// O(n log n) for a ring of n vertices, whatever its shape: a Shamos–Hoey sweep
    /// (RingSweep.swift) keeps the edges under a line sweeping west to east in order and tests
    /// only edges that become neighbors there, at most 3n pairs, since the first crossing makes
    /// its two edges neighbors by the time the line reaches it. Testing every pair of edges that
    /// overlap in longitude took minutes on a 100,000-vertex zigzag; the sweep takes milliseconds.
    public func firstSelfIntersection() -> SelfIntersection? {
        for polygon in 0..<polygonCount {
            for ring in polygonStarts[polygon]..<polygonStarts[polygon + 1] {
                if let edges = Self.crossingEdges(vertices, ringStarts[ring], ringStarts[ring + 1]) {
                    return SelfIntersection(polygon: polygon, ring: ring - polygonStarts[polygon], edges: edges)
                }
            }
        }
        return nil
    }

    /// Calls `body` with every stored vertex (longitude, latitude).
    public func forEachVertex(_ body: (Double, Double) -> Void) {
        var i = 0
        while i + 1 < vertices.count {
            body(vertices[i], vertices[i + 1])
            i += Self.vertexStride
        }
    }

    // MARK: - Helpers

    /// Two edges of the ring `start ..< end` that properly cross, the lesser index first.
    private static func crossingEdges(_ v: ContiguousArray<Double>, _ start: Int, _ end: Int) -> (Int, Int)? {
        var sweep = RingSweep(v, start, end)
        return sweep.firstCrossing()
    }

    /// Whether segments p1p2 and q1q2 cross at one point inside both (strict orientations).
    static func properlyCross(
        _ p1x: Double, _ p1y: Double, _ p2x: Double, _ p2y: Double,
        _ q1x: Double, _ q1y: Double, _ q2x: Double, _ q2y: Double
    ) -> Bool {
        let d1 = orientation(q1x, q1y, q2x, q2y, p1x, p1y), d2 = orientation(q1x, q1y, q2x, q2y, p2x, p2y)
        let d3 = orientation(p1x, p1y, p2x, p2y, q1x, q1y), d4 = orientation(p1x, p1y, p2x, p2y, q2x, q2y)
        return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))
    }

    /// Twice the signed area of triangle abc: positive when c is left of the line from a to b
    /// (counterclockwise), negative when right, zero when the three are collinear.
    static func orientation(
        _ ax: Double, _ ay: Double, _ bx: Double, _ by: Double, _ cx: Double, _ cy: Double
    ) -> Double {
        (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)
    }
}

extension Boundary {
    /// Metres from the coordinate to the nearest edge of any ring, in a flat metric at the
    /// coordinate (fine within a few kilometres).
    public func edgeDistance(from c: Coordinate) -> Double {
        let metric = LocalMetric(latitude: c.latitude)
        let kx = metric.metresPerDegreeLongitude, ky = metric.metresPerDegreeLatitude
        var best = Double.infinity
        for ring in 0..<ringCount {
            var i = ringStarts[ring] * Self.vertexStride
            let last = (ringStarts[ring + 1] - 1) * Self.vertexStride
            vertices.withUnsafeBufferPointer { v in
                while i < last {
                    best = min(best, Self.edgeDistance(v, i, c, kx, ky))
                    i += Self.vertexStride
                }
            }
        }
        return best
    }
}
