import Foundation
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

    /// supercluster's test "does not crash on weird bbox values", on its own fixture (places.json,
    /// 162 points) with its default options: boxes wider than the world, with west > east
    /// after wrapping, and latitudes beyond ±90, answered with its counts.
    @Test(arguments: [
        (BoundingBox(west: 129.426390, south: -103.720017, east: -445.930843, north: 114.518236), 26),
        (BoundingBox(west: 112.207836, south: -84.578666, east: -463.149397, north: 120.169159), 27),
        (BoundingBox(west: 129.886277, south: -82.332680, east: -445.470956, north: 120.390930), 26),
        (BoundingBox(west: 458.220043, south: -84.239039, east: -117.137190, north: 120.206585), 25),
        (BoundingBox(west: 456.713058, south: -80.354196, east: -118.644175, north: 120.539148), 25),
        (BoundingBox(west: 453.105328, south: -75.857422, east: -122.251904, north: 120.732760), 25),
        (BoundingBox(west: -180, south: -90, east: 180, north: 90), 61),
    ])
    func superclustersWeirdBoxes(box: BoundingBox, count: Int) throws {
        #expect(try Self.places.clusters(in: box, zoom: 1).count == count)
    }

    /// `Fixtures/supercluster-places.geojson`, clustered with supercluster's defaults.
    nonisolated(unsafe) static let places: ClusterIndex = {
        let data = (try? Data(contentsOf: Fixture.url("supercluster-places.geojson"))) ?? Data()
        let collection = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        let coordinates = (collection?["features"] as? [[String: Any]] ?? []).compactMap {
            ($0["geometry"] as? [String: Any])?["coordinates"] as? [Double]
        }
        return (try? ClusterIndex(longitudes: coordinates.map { $0[0] }, latitudes: coordinates.map { $0[1] }))
            ?? (try! ClusterIndex(points: []))
    }()

    @Test func thePlacesFixtureIsWhole() {
        #expect(Self.places.count == 162)
    }

    @Test func clustersAcrossTheLineStayApart() throws {
        // supercluster does not wrap distances: at zoom 0 the two sides are a world apart.
        let items = try Self.index.clusters(in: ClusterData.world, zoom: 0)
        #expect(items.reduce(0) { $0 + $1.count } == 6)
        #expect(items.count >= 2)
    }
}
