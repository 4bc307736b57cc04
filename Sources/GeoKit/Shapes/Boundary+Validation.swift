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
    /// A sweep over edges sorted by their west end, so a 10,000-vertex boundary takes
    /// milliseconds rather than the seconds of testing every pair.
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

    // MARK: - Private helpers

    private static func crossingEdges(_ v: ContiguousArray<Double>, _ start: Int, _ end: Int) -> (Int, Int)? {
        let edgeCount = end - start - 1
        guard edgeCount > 3 else { return nil }
        func x(_ k: Int) -> Double { v[(start + k) * vertexStride] }
        func y(_ k: Int) -> Double { v[(start + k) * vertexStride + 1] }
        let order = (0..<edgeCount).sorted { min(x($0), x($0 + 1)) < min(x($1), x($1 + 1)) }
        var active: [Int] = []
        for e in order {
            let west = min(x(e), x(e + 1))
            active.removeAll { max(x($0), x($0 + 1)) < west }
            for f in active {
                let (a, b) = (min(e, f), max(e, f))
                // Neighbors share a vertex, and so do the last and first edges of the ring.
                if b == a + 1 || (a == 0 && b == edgeCount - 1) { continue }
                if properlyCross(x(a), y(a), x(a + 1), y(a + 1), x(b), y(b), x(b + 1), y(b + 1)) { return (a, b) }
            }
            active.append(e)
        }
        return nil
    }

    /// Whether segments p1p2 and q1q2 cross at one point inside both (strict orientations).
    private static func properlyCross(
        _ p1x: Double, _ p1y: Double, _ p2x: Double, _ p2y: Double,
        _ q1x: Double, _ q1y: Double, _ q2x: Double, _ q2y: Double
    ) -> Bool {
        func orientation(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double, _ cx: Double, _ cy: Double) -> Double {
            (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)
        }
        let d1 = orientation(q1x, q1y, q2x, q2y, p1x, p1y), d2 = orientation(q1x, q1y, q2x, q2y, p2x, p2y)
        let d3 = orientation(p1x, p1y, p2x, p2y, q1x, q1y), d4 = orientation(p1x, p1y, p2x, p2y, q2x, q2y)
        return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))
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
