import Testing
@testable import GeoKit

/// Boxes that cross the antimeridian, as supercluster's getClusters splits them.
@Suite struct AntimeridianTests {
    // Points on both sides of ±180°, far enough apart not to cluster at zoom 10.
    static let longitudes = [179.5, 179.9, -179.9, -179.5, 0, 10]
    static let latitudes = [10.0, 10, 10, 10, 10, 10]
    nonisolated(unsafe) static let index = try! ClusterIndex(longitudes: longitudes, latitudes: latitudes)

    static func ids(_ box: BoundingBox, zoom: Int = 10) throws -> [Int] {
        try index.clusters(in: box, zoom: zoom).map(\.id).sorted()
    }

    @Test func crossingBoxTakesBothSides() throws {
        #expect(try Self.ids(BoundingBox(west: 179, south: 0, east: -179, north: 20)) == [0, 1, 2, 3])
        #expect(try Self.ids(BoundingBox(west: 179.7, south: 0, east: -179.7, north: 20)) == [1, 2])
    }

    @Test func crossingBoxEqualsItsTwoHalves() throws {
        let east = try Self.ids(BoundingBox(west: 179.7, south: 0, east: 180, north: 20))
        let west = try Self.ids(BoundingBox(west: -180, south: 0, east: -179.7, north: 20))
        #expect(try Self.ids(BoundingBox(west: 179.7, south: 0, east: -179.7, north: 20)) == (east + west).sorted())
    }

    @Test func longitudesWrapLikeSupercluster() throws {
        // 539.7 wraps to 179.7, -539.7 to -179.7 (JavaScript's % keeps the sign).
        #expect(try Self.ids(BoundingBox(west: 539.7, south: 0, east: -539.7, north: 20)) == [1, 2])
        // A box 360° or wider is the whole world, whatever its edges.
        #expect(try Self.ids(BoundingBox(west: -190, south: 0, east: 170, north: 20)) == [0, 1, 2, 3, 4, 5])
    }

    @Test func latitudesClampToTheWorld() throws {
        #expect(try Self.ids(BoundingBox(west: -1, south: -200, east: 11, north: 200)) == [4, 5])
    }

    @Test func clustersAcrossTheLineStayApart() throws {
        // supercluster does not wrap distances: at zoom 0 the two sides are a world apart.
        let items = try Self.index.clusters(in: ClusterData.world, zoom: 0)
        #expect(items.reduce(0) { $0 + $1.count } == 6)
        #expect(items.count >= 2)
    }
}
