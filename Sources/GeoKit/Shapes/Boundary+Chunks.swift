/// Boundary queries that look only at the edges that can matter: each ring's edges in
/// chunks of ``chunkEdges`` consecutive ones, each chunk with its box. A replay asks, for
/// every fix, whether the park holds it and whether an edge is within a few metres; with a
/// few hundred edges, scanning them all was most of what the geofence engine did per fix.
extension Boundary {
    /// Edges per chunk.
    static let chunkEdges = 16
    /// Per chunk in ``chunks``: first vertex, end vertex (of its edges' starts), then the box.
    static let chunkStride = 6
    static let chunkStart = 0, chunkEnd = 1, chunkWest = 2, chunkSouth = 3, chunkEast = 4, chunkNorth = 5

    /// The chunks of every ring, ``chunkStride`` doubles each, and where each ring's begin
    /// (one extra entry at the end).
    static func chunks(_ v: ContiguousArray<Double>, _ ringStarts: ContiguousArray<Int>) -> (ContiguousArray<Double>, ContiguousArray<Int>) {
        var out = ContiguousArray<Double>()
        var starts = ContiguousArray<Int>()
        for ring in 0..<(ringStarts.count - 1) {
            starts.append(out.count / chunkStride)
            let lastEdge = ringStarts[ring + 1] - 1  // edges start at vertices start..<lastEdge
            var first = ringStarts[ring]
            while first < lastEdge {
                let end = min(first + chunkEdges, lastEdge)
                var west = v[first * vertexStride], east = west, south = v[first * vertexStride + 1], north = south
                for vertex in first...end {  // the last edge ends on vertex `end`
                    let x = v[vertex * vertexStride], y = v[vertex * vertexStride + 1]
                    west = min(west, x); east = max(east, x); south = min(south, y); north = max(north, y)
                }
                out.append(contentsOf: [Double(first), Double(end), west, south, east, north])
                first = end
            }
        }
        starts.append(out.count / chunkStride)
        return (out, starts)
    }

    /// PNPOLY over ring `ring`, as ``containsScanningEveryEdge(_:)`` runs it, on the chunks
    /// whose latitudes reach y only: an edge of another chunk has both ends above y or both
    /// below, which the test's first condition refuses, so the parity is the same.
    func crossingsAreOdd(_ x: Double, _ y: Double, ring: Int, _ v: UnsafeBufferPointer<Double>, _ c: UnsafeBufferPointer<Double>) -> Bool {
        var odd = false
        var k = ringChunkStarts[ring] * Self.chunkStride
        let end = ringChunkStarts[ring + 1] * Self.chunkStride
        while k < end {
            defer { k += Self.chunkStride }
            guard y >= c[k + Self.chunkSouth], y <= c[k + Self.chunkNorth] else { continue }
            var i = Int(c[k + Self.chunkStart]) * Self.vertexStride
            let last = Int(c[k + Self.chunkEnd]) * Self.vertexStride
            while i < last {
                let xi = v[i], yi = v[i + 1], xj = v[i + 2], yj = v[i + 3]
                if (yi > y) != (yj > y), x < (xj - xi) * (y - yi) / (yj - yi) + xi {
                    odd.toggle()
                }
                i += Self.vertexStride
            }
        }
        return odd
    }

    /// Whether ``edgeDistance(from:)`` is less than `margin`: some edge is nearer than it.
    /// Chunks whose box is farther, by more than a micrometre and a billionth, are skipped
    /// (the box holds the chunk's edges, and the slack covers rounding); the edges looked at
    /// are measured exactly as ``edgeDistance(from:)`` measures them.
    /// - Parameters:
    ///   - margin: metres.
    ///   - c: the coordinate.
    public func hasEdge(closerThan margin: Double, to c: Coordinate) -> Bool {
        let metric = LocalMetric(latitude: c.latitude)
        let kx = metric.metresPerDegreeLongitude, ky = metric.metresPerDegreeLatitude
        let skip = margin * (1 + 1e-9) + 1e-6
        return vertices.withUnsafeBufferPointer { v in
            chunks.withUnsafeBufferPointer { ch in
                var k = 0
                while k < ch.count {
                    defer { k += Self.chunkStride }
                    let west = ch[k + Self.chunkWest], east = ch[k + Self.chunkEast]
                    // Boxes under 90° wide wrap like the edges' ends (LocalMetric.wrapped).
                    if east - west < 90 {
                        let dw = LocalMetric.wrapped(west - c.longitude), de = LocalMetric.wrapped(east - c.longitude)
                        let dx = dw <= 0 && de >= 0 ? 0 : min(abs(dw), abs(de)) * kx
                        let dy = max(0, ch[k + Self.chunkSouth] - c.latitude, c.latitude - ch[k + Self.chunkNorth]) * ky
                        if (dx * dx + dy * dy).squareRoot() >= skip { continue }
                    }
                    var i = Int(ch[k + Self.chunkStart]) * Self.vertexStride
                    let last = Int(ch[k + Self.chunkEnd]) * Self.vertexStride
                    while i < last {
                        if Self.edgeDistance(v, i, c, kx, ky) < margin { return true }
                        i += Self.vertexStride
                    }
                }
                return false
            }
        }
    }

    /// Metres from c to the edge starting at vertex offset `i`, in the flat metric (kx, ky).
    @inline(__always)
    static func edgeDistance(_ v: UnsafeBufferPointer<Double>, _ i: Int, _ c: Coordinate, _ kx: Double, _ ky: Double) -> Double {
        let ax = LocalMetric.wrapped(v[i] - c.longitude) * kx, ay = (v[i + 1] - c.latitude) * ky
        let bx = LocalMetric.wrapped(v[i + 2] - c.longitude) * kx, by = (v[i + 3] - c.latitude) * ky
        let ex = bx - ax, ey = by - ay
        let length2 = ex * ex + ey * ey
        let t = length2 > 0 ? max(0, min(1, -(ax * ex + ay * ey) / length2)) : 0
        let px = ax + t * ex, py = ay + t * ey
        return (px * px + py * py).squareRoot()
    }
}
