extension Boundary {
    /// The rings that reach into `box`, simplified for drawing: vertices closer than
    /// `tolerance` degrees to the simplified line are dropped (Douglas–Peucker), and rings
    /// smaller than the tolerance are left out. Each ring stays closed with at least 4
    /// positions. Returned as [longitude, latitude] pairs, GeoJSON's order.
    /// - Parameters:
    ///   - box: the area shown; rings whose box misses it are skipped.
    ///   - tolerance: the largest error allowed, in degrees (e.g. one screen point).
    public func rings(in box: BoundingBox, tolerance: Double) -> [[[Double]]] {
        drawnRings(in: box, tolerance: tolerance).map { ring in
            stride(from: 0, to: ring.count, by: 2).map { [ring[$0], ring[$0 + 1]] }
        }
    }

    /// ``rings(in:tolerance:)`` with each ring flat, `[lon0, lat0, lon1, lat1, ...]`: no
    /// array per position (a park's outline keeps about a thousand at a city zoom).
    /// - Parameters:
    ///   - box: the area shown; rings whose box misses it are skipped.
    ///   - tolerance: the largest error allowed, in degrees.
    ///   - simplified: where a ring simplified at this tolerance can be found, or kept
    ///     (default: simplify it now); called with the ring's number and how to make it.
    public func drawnRings(
        in box: BoundingBox, tolerance: Double,
        simplified: (Int, () -> [Double]) -> [Double] = { $1() }
    ) -> [[Double]] {
        var out: [[Double]] = []
        for ring in 0..<ringCount {
            let b = ring * Self.boxStride
            let west = ringBoxes[b + Self.boxWest], south = ringBoxes[b + Self.boxSouth]
            let east = ringBoxes[b + Self.boxEast], north = ringBoxes[b + Self.boxNorth]
            guard Self.overlaps(box, west: west, south: south, east: east, north: north),
                east - west >= tolerance || north - south >= tolerance
            else { continue }
            let points = simplified(ring) { simplifiedRing(ring, tolerance: tolerance) }
            if points.count >= 8 { out.append(points) }
        }
        return out
    }

    /// Ring `ring` simplified at `tolerance`, flat `[lon0, lat0, ...]`.
    private func simplifiedRing(_ ring: Int, tolerance: Double) -> [Double] {
        let start = ringStarts[ring], end = ringStarts[ring + 1]
        var keep = [Bool](repeating: false, count: end - start)
        keep[0] = true
        keep[end - start - 1] = true
        simplify(start, end - 1, start: start, tolerance: tolerance * tolerance, keep: &keep)
        var points: [Double] = []
        points.reserveCapacity(2 * keep.count)
        for v in start..<end where keep[v - start] {
            points.append(vertices[v * Self.vertexStride])
            points.append(vertices[v * Self.vertexStride + 1])
        }
        return points
    }

    /// Marks the vertices between `first` and `last` that must stay (iterative, so a long
    /// ring cannot overflow the stack).
    ///
    /// Douglas–Peucker splits at the farthest vertex: n log n when splits are balanced, but
    /// n² when each split peels off one vertex (a zigzag whose every vertex matters). The
    /// distances it computes are bounded by 16 · n · ⌈log2 n⌉; past that, the ranges still
    /// open keep all their vertices, which never breaks the tolerance, only draws more.
    private func simplify(_ first: Int, _ last: Int, start: Int, tolerance: Double, keep: inout [Bool]) {
        let n = last - first + 1
        var workLeft = 16 * n * max(1, Int.bitWidth - n.leadingZeroBitCount)
        var stack = [(first, last)]
        while let (a, b) = stack.popLast() {
            guard b > a + 1 else { continue }
            workLeft -= b - a - 1
            guard workLeft >= 0 else {
                for (a, b) in stack + [(a, b)] where b > a + 1 {
                    for v in (a + 1)..<b { keep[v - start] = true }
                }
                return
            }
            var farthest = a, farthestDistance = 0.0
            for v in (a + 1)..<b {
                let d = segmentDistanceSquared(v, a, b)
                if d > farthestDistance { farthest = v; farthestDistance = d }
            }
            // A closed ring's first and last vertex coincide: keep its farthest point at least.
            if farthestDistance > tolerance || (a == first && b == last && keep.filter { $0 }.count < 4) {
                keep[farthest - start] = true
                stack.append((a, farthest))
                stack.append((farthest, b))
            }
        }
    }

    private func segmentDistanceSquared(_ p: Int, _ a: Int, _ b: Int) -> Double {
        let s = Self.vertexStride
        let px = vertices[p * s], py = vertices[p * s + 1]
        let ax = vertices[a * s], ay = vertices[a * s + 1]
        let dx = vertices[b * s] - ax, dy = vertices[b * s + 1] - ay
        let length = dx * dx + dy * dy
        let t = length == 0 ? 0 : max(0, min(1, ((px - ax) * dx + (py - ay) * dy) / length))
        let ex = ax + t * dx - px, ey = ay + t * dy - py
        return ex * ex + ey * ey
    }

    private static func overlaps(_ box: BoundingBox, west: Double, south: Double, east: Double, north: Double) -> Bool {
        guard south <= box.north, north >= box.south else { return false }
        if box.west <= box.east { return west <= box.east && east >= box.west }
        return east >= box.west || west <= box.east  // the box crosses the antimeridian
    }
}
