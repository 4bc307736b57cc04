import Testing
@testable import GeoKit

/// A ring that crosses itself (Boundary.firstSelfIntersection, the sweep in RingSweep.swift):
/// only a proper crossing counts; edges that touch or overlap along a line are accepted.
@Suite struct RingSelfCrossingTests {
    /// Where a one-ring boundary through these (longitude, latitude) points, closed here,
    /// crosses itself.
    static func crossing(_ points: [(Double, Double)]) throws -> Boundary.SelfIntersection? {
        let ring = points.map { Coordinate(latitude: $0.1, longitude: $0.0) }
        return try Boundary(polygons: [[ring]]).firstSelfIntersection()
    }

    /// A crossing of edges a and b (0-based) of that ring.
    static func edges(_ a: Int, _ b: Int) -> Boundary.SelfIntersection {
        Boundary.SelfIntersection(polygon: 0, ring: 0, edges: (a, b))
    }

    /// Every pair of edges of a one-ring boundary that properly cross, the slow way.
    static func crossingsTestingEveryPair(_ boundary: Boundary) -> [(Int, Int)] {
        var x: [Double] = [], y: [Double] = []
        boundary.forEachVertex { longitude, latitude in
            x.append(longitude)
            y.append(latitude)
        }
        let edgeCount = x.count - 1
        var pairs: [(Int, Int)] = []
        for a in 0..<edgeCount {
            for b in (a + 2)..<max(a + 2, edgeCount) where !(a == 0 && b == edgeCount - 1) {
                if Boundary.properlyCross(x[a], y[a], x[a + 1], y[a + 1], x[b], y[b], x[b + 1], y[b + 1]) {
                    pairs.append((a, b))
                }
            }
        }
        return pairs
    }

    /// A zigzag of n vertices (n even) alternating between two longitudes as the latitude rises,
    /// so that every edge overlaps every other in longitude, closed by a path east of it. With
    /// `planted`, vertex m (even) moves so that edges m - 1 and m + 1 cross, and no others.
    static func zigzag(_ n: Int, planted m: Int? = nil) -> [(Double, Double)] {
        var points = (0..<n).map { k in (Double(k % 2), Double(k)) }
        if let m { points[m] = (0.5, Double(m + 2)) }
        points += [(2, Double(n - 1)), (2, -1)]
        return points.map { (-119.6 + $0.0 * 0.001, 37.5 + $0.1 * 0.00001) }
    }

    @Test func aBowtieCrossesItself() throws {
        // Edges 1 and 3, counted from 1 in messages, cross at (1, 1).
        #expect(try Self.crossing([(0, 0), (2, 2), (2, 0), (0, 2)]) == Self.edges(0, 2))
    }

    @Test func aSquareDoesNot() throws {
        #expect(try Self.crossing([(0, 0), (1, 0), (1, 1), (0, 1)]) == nil)
    }

    @Test func aRingPinchedAtAVertexIsAccepted() throws {
        // Two triangles meeting at (1, 1), which the ring passes twice.
        #expect(try Self.crossing([(0, 0), (2, 0), (1, 1), (2, 2), (0, 2), (1, 1)]) == nil)
        // Passing through (1, 1) twice, crossing over there: still only touching at a vertex.
        #expect(try Self.crossing([(0, 0), (1, 1), (2, 2), (2, 0), (1, 1), (0, 2)]) == nil)
    }

    @Test func collinearOverlappingEdgesAreAccepted() throws {
        // A comb whose last tooth comes back along the base, (3, 0) to (1, 0) on (0, 0) to (4, 0).
        #expect(try Self.crossing([(0, 0), (4, 0), (4, 2), (3, 2), (3, 0), (1, 0), (1, 2), (0, 2)]) == nil)
        // The same along a meridian, with a repeated vertex (a zero-length edge).
        #expect(try Self.crossing([(0, 0), (0, 4), (2, 4), (2, 3), (0, 3), (0, 3), (0, 1), (2, 1), (2, 0)]) == nil)
        // A spike doubling back on itself.
        #expect(try Self.crossing([(0, 0), (4, 0), (2, 0), (2, 2)]) == nil)
    }

    @Test func aVertexOnAnotherEdgeIsAccepted() throws {
        // (2, 0) lies on the first edge, from (0, 0) to (4, 0).
        #expect(try Self.crossing([(0, 0), (4, 0), (4, 4), (2, 0), (0, 4)]) == nil)
    }

    /// Random rings on a 5 × 5 grid, where shared points, vertices on edges, overlaps and
    /// zero-length edges are the rule: a crossing is reported exactly when testing every pair
    /// finds one, and is one of those.
    @Test func smallGridRingsAgreeWithTestingEveryPair() throws {
        var random = SplitMix64(seed: 1)
        var crossed = 0
        for _ in 0..<3_000 {
            let points = (0..<random.int(in: 4, 12)).map { _ in
                Coordinate(latitude: Double(random.int(in: 0, 4)), longitude: Double(random.int(in: 0, 4)))
            }
            let boundary = try Boundary(polygons: [[points]])
            let expected = Self.crossingsTestingEveryPair(boundary)
            if let found = boundary.firstSelfIntersection()?.edges {
                crossed += 1
                #expect(expected.contains { $0 == found }, "\(points)")
            } else {
                #expect(expected.isEmpty, "\(points)")
            }
        }
        #expect(crossed > 1_000 && crossed < 2_900)  // both answers well represented
    }

    @Test func aLongZigzagDoesNotCrossItself() throws {
        #expect(try Self.crossing(Self.zigzag(100_000)) == nil)
    }

    @Test func aLongZigzagWithOneCrossingHasItFound() throws {
        #expect(try Self.crossing(Self.zigzag(100_000, planted: 50_000)) == Self.edges(49_999, 50_001))
    }
}
