extension Boundary {
    /// A boundary from polygons given as rings of coordinates, outer ring first, then holes.
    /// A ring that does not end on its first position is closed here.
    /// - Throws: ``GeoError`` naming the polygon and ring with fewer than 3 distinct positions.
    public init(polygons: [[[Coordinate]]]) throws(GeoError) {
        var vertices = ContiguousArray<Double>()
        var ringStarts: ContiguousArray<Int> = [0]
        var polygonStarts: ContiguousArray<Int> = [0]
        for (p, polygon) in polygons.enumerated() {
            guard !polygon.isEmpty else { throw GeoError(.invalidContent, "polygon \(p + 1) has no rings") }
            for (r, ring) in polygon.enumerated() {
                var closed = ring
                if let first = ring.first, ring.last != first { closed.append(first) }
                guard closed.count >= 4 else {
                    throw GeoError(.invalidContent, "polygon \(p + 1), ring \(r + 1): a ring needs at least 3 positions, got \(ring.count)")
                }
                for c in closed {
                    vertices.append(c.longitude)
                    vertices.append(c.latitude)
                }
                ringStarts.append(vertices.count / Self.vertexStride)
            }
            polygonStarts.append(ringStarts.count - 1)
        }
        guard polygonStarts.count > 1 else { throw GeoError(.invalidContent, "a boundary needs at least one polygon") }
        self.init(vertices: vertices, ringStarts: ringStarts, polygonStarts: polygonStarts)
    }
}
