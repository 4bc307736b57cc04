import Testing
@testable import GeoKit

struct BoundingBoxTests {
    @Test func containingCoordinates() throws {
        let box = try #require(
            BoundingBox(containing: [
                Coordinate(latitude: 37.8, longitude: -122.5),
                Coordinate(latitude: 37.7, longitude: -122.4),
                Coordinate(latitude: 37.9, longitude: -122.45),
            ]))
        #expect(box == BoundingBox(west: -122.5, south: 37.7, east: -122.4, north: 37.9))
        #expect(box.contains(Coordinate(latitude: 37.75, longitude: -122.45)))
        #expect(box.contains(Coordinate(latitude: 37.7, longitude: -122.5)))  // edges count
        #expect(!box.contains(Coordinate(latitude: 37.95, longitude: -122.45)))
        #expect(!box.contains(Coordinate(latitude: 37.75, longitude: -122.3)))
        #expect(abs(box.center.latitude - 37.8) < 1e-12)
        #expect(abs(box.center.longitude - -122.45) < 1e-12)
    }

    @Test func emptyInputHasNoBox() {
        #expect(BoundingBox(containing: [Coordinate]()) == nil)
    }

    @Test func boxAcrossTheAntimeridian() {
        let box = BoundingBox(west: 170, south: -20, east: -170, north: 20)
        #expect(box.contains(Coordinate(latitude: 0, longitude: 175)))
        #expect(box.contains(Coordinate(latitude: 0, longitude: -175)))
        #expect(!box.contains(Coordinate(latitude: 0, longitude: 0)))
        #expect(box.center == Coordinate(latitude: 0, longitude: 180))
    }
}
