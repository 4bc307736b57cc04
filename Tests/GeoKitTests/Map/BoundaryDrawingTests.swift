import Testing
@testable import GeoKit

@Suite struct BoundaryDrawingTests {
    func yosemite() throws -> Boundary {
        try Boundary(contentsOf: try Fixture.url("yose-boundary.geojson"), displayPath: "yose-boundary.geojson")
    }

    @Test func simplifiedRingsStayClosedAndShrinkWithTheTolerance() throws {
        let boundary = try yosemite()
        let everything = BoundingBox(west: -180, south: -90, east: 180, north: 90)
        let fine = boundary.rings(in: everything, tolerance: 1e-9)
        let coarse = boundary.rings(in: everything, tolerance: 0.01)
        #expect(fine.reduce(0) { $0 + $1.count } == boundary.vertexCount)  // nothing dropped below the data's precision
        #expect(coarse.reduce(0) { $0 + $1.count } < boundary.vertexCount / 3)
        for ring in coarse {
            #expect(ring.count >= 4)
            #expect(ring.first == ring.last)
        }
    }

    @Test func ringsOutsideTheBoxAreSkipped() throws {
        let boundary = try yosemite()
        #expect(boundary.rings(in: BoundingBox(west: -122.6, south: 37.7, east: -122.3, north: 37.9), tolerance: 0.001).isEmpty)
        #expect(!boundary.rings(in: BoundingBox(west: -119.7, south: 37.7, east: -119.5, north: 37.8), tolerance: 0.001).isEmpty)
    }

    @Test func ringsSmallerThanTheToleranceAreDropped() throws {
        let boundary = try yosemite()
        let everything = BoundingBox(west: -180, south: -90, east: 180, north: 90)
        #expect(boundary.rings(in: everything, tolerance: 5).isEmpty)  // the whole park is under 5 degrees
    }

    @Test func flatRingsAreTheRingsPairByPairAndKeptSimplificationsAreUsed() throws {
        let boundary = try yosemite()
        let box = BoundingBox(west: -119.9, south: 37.6, east: -119.4, north: 38.0)
        let flat = boundary.drawnRings(in: box, tolerance: 0.001)
        #expect(!flat.isEmpty)
        #expect(
            flat.map { ring in stride(from: 0, to: ring.count, by: 2).map { [ring[$0], ring[$0 + 1]] } }
                == boundary.rings(in: box, tolerance: 0.001))
        // What the caller hands back for a ring is what is drawn: a kept simplification.
        var asked: [Int] = []
        let kept = boundary.drawnRings(in: box, tolerance: 0.001) { ring, _ in
            asked.append(ring)
            return [1, 2, 3, 4, 5, 6, 7, 8]
        }
        #expect(!asked.isEmpty && kept.count == asked.count && kept.allSatisfy { $0 == [1, 2, 3, 4, 5, 6, 7, 8] })
    }
}
