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
        #expect(fine.reduce(0) { $0 + $1.count } == boundary.vertexCount)   // nothing dropped below the data's precision
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
        #expect(boundary.rings(in: everything, tolerance: 5).isEmpty)     // the whole park is under 5 degrees
    }
}
