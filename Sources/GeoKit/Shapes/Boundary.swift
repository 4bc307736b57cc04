/// A park boundary: polygons with holes, tested with the even–odd rule.
///
/// ``contains(_:)`` casts a ray from the coordinate and counts edge crossings over every
/// ring of every polygon, so holes, and islands inside holes, come out right without
/// knowing which ring is which. Coordinates are treated as plane x = longitude,
/// y = latitude; rings that cross the antimeridian are not supported. A coordinate exactly
/// on an edge may count as inside or outside.
///
/// Storage is flat: all vertices in one `ContiguousArray<Double>` (lon, lat pairs), each
/// ring a range of it with its own bounding box, so a query skips rings whose box misses.
public struct Boundary: Sendable {
    /// Doubles per vertex in ``vertices``: longitude, latitude.
    static let vertexStride = 2
    /// Doubles per ring in ``ringBoxes``: west, south, east, north.
    static let boxStride = 4
    static let boxWest = 0, boxSouth = 1, boxEast = 2, boxNorth = 3

    /// Every ring's vertices in order, as written in the file (so each ring ends on its first vertex).
    let vertices: ContiguousArray<Double>
    /// Ring `r` is vertices `ringStarts[r] ..< ringStarts[r + 1]`; one extra entry at the end.
    let ringStarts: ContiguousArray<Int>
    /// Polygon `p` is rings `polygonStarts[p] ..< polygonStarts[p + 1]`, its outer ring first.
    let polygonStarts: ContiguousArray<Int>
    /// Each ring's box, ``boxStride`` doubles per ring.
    let ringBoxes: ContiguousArray<Double>
    /// Each ring's edges in chunks with their boxes (Boundary+Chunks.swift).
    let chunks: ContiguousArray<Double>
    /// Ring `r`'s chunks are `ringChunkStarts[r] ..< ringChunkStarts[r + 1]`; one extra entry at the end.
    let ringChunkStarts: ContiguousArray<Int>

    /// The box around every vertex.
    public let boundingBox: BoundingBox
    /// A rough center: the area-weighted centroid of the largest outer ring, computed in
    /// plain degrees. It ignores holes and other polygons and may fall outside a concave
    /// ring; the center of ``boundingBox`` is used when that ring has no area.
    public let centroid: Coordinate

    /// The number of polygons (1 for a Polygon, the parts of a MultiPolygon).
    public var polygonCount: Int { polygonStarts.count - 1 }
    /// The number of rings, outer rings and holes together.
    public var ringCount: Int { ringStarts.count - 1 }
    /// The number of stored vertices, each ring's closing repeat included.
    public var vertexCount: Int { vertices.count / Self.vertexStride }

    /// Whether the coordinate is inside the boundary: inside an outer ring and not in a hole
    /// (or in an island within a hole).
    /// - Parameter coordinate: The coordinate to test.
    public func contains(_ coordinate: Coordinate) -> Bool {
        let x = coordinate.longitude, y = coordinate.latitude
        guard boundingBox.contains(longitude: x, latitude: y) else { return false }
        var inside = false
        vertices.withUnsafeBufferPointer { v in
            ringBoxes.withUnsafeBufferPointer { boxes in
                chunks.withUnsafeBufferPointer { c in
                    for ring in 0..<ringCount {
                        // A point outside a ring's box is outside the ring: an even number of crossings.
                        let box = ring * Self.boxStride
                        guard y >= boxes[box + Self.boxSouth], y <= boxes[box + Self.boxNorth],
                            x >= boxes[box + Self.boxWest], x <= boxes[box + Self.boxEast]
                        else { continue }
                        if crossingsAreOdd(x, y, ring: ring, v, c) { inside.toggle() }
                    }
                }
            }
        }
        return inside
    }

    /// ``contains(_:)`` the long way, ring by ring over every edge: what the chunked test
    /// must agree with (BoundaryChunkTests).
    func containsScanningEveryEdge(_ coordinate: Coordinate) -> Bool {
        let x = coordinate.longitude, y = coordinate.latitude
        guard boundingBox.contains(longitude: x, latitude: y) else { return false }
        var inside = false
        vertices.withUnsafeBufferPointer { v in
            ringBoxes.withUnsafeBufferPointer { boxes in
                for ring in 0..<ringCount {
                    // A point outside a ring's box is outside the ring: an even number of crossings.
                    let box = ring * Self.boxStride
                    guard y >= boxes[box + Self.boxSouth], y <= boxes[box + Self.boxNorth],
                        x >= boxes[box + Self.boxWest], x <= boxes[box + Self.boxEast]
                    else { continue }
                    if Self.crossingsAreOdd(x, y, v, ringStarts[ring], ringStarts[ring + 1]) {
                        inside.toggle()
                    }
                }
            }
        }
        return inside
    }

    // MARK: - Internal

    /// A boundary from flat storage that the reader has validated: every ring closed with at
    /// least 4 vertices, every polygon at least one ring, at least one polygon.
    init(vertices: ContiguousArray<Double>, ringStarts: ContiguousArray<Int>, polygonStarts: ContiguousArray<Int>) {
        self.vertices = vertices
        self.ringStarts = ringStarts
        self.polygonStarts = polygonStarts
        var boxes = ContiguousArray<Double>()
        boxes.reserveCapacity((ringStarts.count - 1) * Self.boxStride)
        var total = BoundingBox(longitude: vertices.first ?? 0, latitude: vertices.dropFirst().first ?? 0)
        for ring in 0..<(ringStarts.count - 1) {
            let box = Self.box(vertices, ringStarts[ring], ringStarts[ring + 1])
            boxes.append(contentsOf: [box.west, box.south, box.east, box.north])
            total.extend(longitude: box.west, latitude: box.south)
            total.extend(longitude: box.east, latitude: box.north)
        }
        self.ringBoxes = boxes
        (self.chunks, self.ringChunkStarts) = Self.chunks(vertices, ringStarts)
        self.boundingBox = total
        self.centroid = Self.largestOuterRingCentroid(vertices, ringStarts, polygonStarts) ?? total.center
    }

    // MARK: - Pure math

    /// PNPOLY over one closed ring: whether a ray from (x, y) towards +x crosses it an odd number of times.
    private static func crossingsAreOdd(
        _ x: Double, _ y: Double, _ v: UnsafeBufferPointer<Double>, _ start: Int, _ end: Int
    ) -> Bool {
        var odd = false
        var i = start * vertexStride
        let last = (end - 1) * vertexStride
        while i < last {
            let xi = v[i], yi = v[i + 1], xj = v[i + 2], yj = v[i + 3]
            if (yi > y) != (yj > y), x < (xj - xi) * (y - yi) / (yj - yi) + xi {
                odd.toggle()
            }
            i += vertexStride
        }
        return odd
    }

    private static func box(_ v: ContiguousArray<Double>, _ start: Int, _ end: Int) -> BoundingBox {
        var box = BoundingBox(longitude: v[start * vertexStride], latitude: v[start * vertexStride + 1])
        for vertex in start..<end {
            box.extend(longitude: v[vertex * vertexStride], latitude: v[vertex * vertexStride + 1])
        }
        return box
    }

    /// The shoelace centroid of the outer ring with the largest area; `nil` if all are degenerate.
    private static func largestOuterRingCentroid(
        _ v: ContiguousArray<Double>, _ ringStarts: ContiguousArray<Int>, _ polygonStarts: ContiguousArray<Int>
    ) -> Coordinate? {
        var best: (area: Double, x: Double, y: Double)?
        for polygon in 0..<(polygonStarts.count - 1) {
            let ring = polygonStarts[polygon]
            let start = ringStarts[ring], end = ringStarts[ring + 1]
            // Relative to the first vertex, so the products stay small and precise.
            let x0 = v[start * vertexStride], y0 = v[start * vertexStride + 1]
            var twiceArea = 0.0, cx = 0.0, cy = 0.0
            for vertex in start..<(end - 1) {
                let i = vertex * vertexStride
                let xi = v[i] - x0, yi = v[i + 1] - y0, xj = v[i + 2] - x0, yj = v[i + 3] - y0
                let cross = xi * yj - xj * yi
                twiceArea += cross
                cx += (xi + xj) * cross
                cy += (yi + yj) * cross
            }
            guard twiceArea != 0, abs(twiceArea) > (best?.area ?? 0) else { continue }
            best = (abs(twiceArea), x0 + cx / (3 * twiceArea), y0 + cy / (3 * twiceArea))
        }
        return best.map { Coordinate(latitude: $0.y, longitude: $0.x) }
    }
}
