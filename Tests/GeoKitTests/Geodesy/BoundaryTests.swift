import Testing
@testable import GeoKit

struct BoundaryTests {
    /// A 10° square with a square hole, as a bare Polygon.
    static let squareWithHole = """
        {"type": "Polygon", "coordinates": [
          [[0, 0], [10, 0], [10, 10], [0, 10], [0, 0]],
          [[3, 3], [7, 3], [7, 7], [3, 7], [3, 3]]
        ]}
        """

    /// The same, plus an island inside the hole, as a MultiPolygon Feature.
    static let squareWithHoleAndIsland = """
        {"type": "Feature", "properties": null, "geometry": {"type": "MultiPolygon", "coordinates": [
          [[[0, 0], [10, 0], [10, 10], [0, 10], [0, 0]], [[3, 3], [7, 3], [7, 7], [3, 7], [3, 3]]],
          [[[4, 4], [6, 4], [6, 6], [4, 6], [4, 4]]]
        ]}}
        """

    static func at(_ longitude: Double, _ latitude: Double) -> Coordinate {
        Coordinate(latitude: latitude, longitude: longitude)
    }

    @Test func squareWithAHole() throws {
        let boundary = try Boundary(geoJSON: Self.squareWithHole.utf8, displayPath: "square.geojson")
        #expect(boundary.contains(Self.at(1, 1)))
        #expect(boundary.contains(Self.at(8, 5)))
        #expect(!boundary.contains(Self.at(5, 5)))  // in the hole
        #expect(!boundary.contains(Self.at(3.5, 6.5)))  // in the hole, near its corner
        #expect(!boundary.contains(Self.at(11, 5)))
        #expect(!boundary.contains(Self.at(-1, 5)))
        #expect(!boundary.contains(Self.at(5, 10.5)))
        #expect(boundary.boundingBox == BoundingBox(west: 0, south: 0, east: 10, north: 10))
        #expect(boundary.centroid == Self.at(5, 5))
        #expect(boundary.polygonCount == 1)
        #expect(boundary.ringCount == 2)
        #expect(boundary.vertexCount == 10)
    }

    @Test func islandInsideTheHole() throws {
        let boundary = try Boundary(geoJSON: Self.squareWithHoleAndIsland.utf8, displayPath: "island.geojson")
        #expect(boundary.contains(Self.at(1, 1)))
        #expect(!boundary.contains(Self.at(3.5, 3.5)))  // hole, outside the island
        #expect(boundary.contains(Self.at(5, 5)))  // island
        #expect(!boundary.contains(Self.at(12, 12)))
        #expect(boundary.polygonCount == 2)
        #expect(boundary.ringCount == 3)
        #expect(boundary.centroid == Self.at(5, 5))  // of the largest outer ring, the 10° square
    }

    @Test func yosemite() throws {
        let boundary = try Boundary(contentsOf: Fixture.url("yose-boundary.geojson"), displayPath: "parks/YOSE/boundary.geojson")
        #expect(boundary.polygonCount == 1)
        #expect(boundary.ringCount == 2)
        #expect(boundary.vertexCount == 350)
        #expect(boundary.contains(Coordinate(latitude: 37.7456, longitude: -119.5936)))  // Yosemite Valley
        #expect(boundary.contains(Coordinate(latitude: 37.8735, longitude: -119.3594)))  // Tuolumne Meadows
        #expect(boundary.contains(Coordinate(latitude: 37.5366, longitude: -119.6555)))  // Wawona
        #expect(!boundary.contains(Coordinate(latitude: 37.4849, longitude: -119.9663)))  // Mariposa
        #expect(!boundary.contains(Coordinate(latitude: 37.9575, longitude: -119.1210)))  // Lee Vining
        #expect(!boundary.contains(Coordinate(latitude: 37.8347, longitude: -119.8432)))  // the inholding (hole)
        #expect(boundary.contains(Coordinate(latitude: 37.8380, longitude: -119.8432)))  // just north of it
        #expect(
            boundary.boundingBox
                == BoundingBox(
                    west: -119.886372783, south: 37.494700257, east: -119.197081328, north: 38.184920641))
        // Shoelace centroid of the outer ring, computed independently in plain degrees.
        #expect(abs(boundary.centroid.latitude - 37.848342346) < 1e-8)
        #expect(abs(boundary.centroid.longitude - -119.557154912) < 1e-8)
        #expect(boundary.contains(boundary.centroid))
    }

    @Test func goldenGatePieceWithHoles() throws {
        let boundary = try Boundary(
            contentsOf: Fixture.url("goga-boundary-piece.geojson"), displayPath: "parks/GOGA/boundary.geojson")
        #expect(boundary.polygonCount == 2)
        #expect(boundary.ringCount == 4)
        #expect(boundary.contains(Coordinate(latitude: 37.643593, longitude: -122.490198)))
        #expect(!boundary.contains(Coordinate(latitude: 37.634834, longitude: -122.473705)))  // hole 1
        #expect(!boundary.contains(Coordinate(latitude: 37.636901, longitude: -122.475245)))  // hole 2
        #expect(boundary.contains(Coordinate(latitude: 37.863137, longitude: -122.575485)))  // the small part
        #expect(!boundary.contains(Coordinate(latitude: 37.65, longitude: -122.48)))
        #expect(!boundary.contains(Coordinate(latitude: 37.75, longitude: -122.52)))  // in the box, between parts
    }
}
