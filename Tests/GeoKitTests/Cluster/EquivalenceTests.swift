import Testing
@testable import GeoKit

/// Equivalence with the reference: supercluster in float64 (== pysupercluster 0.7.7), from
/// `bench/cluster/expected_counts_f64.json`, datasets `park_10k` and `park_100k`, default options.
@Suite struct EquivalenceTests {
    nonisolated(unsafe) static let index = try! ClusterIndex(
        longitudes: ClusterData.park(10_000).longitudes,
        latitudes: ClusterData.park(10_000).latitudes)

    @Test func generatorMatchesTheSpec() {
        let park = ClusterData.park(2)
        // gen_data.py prints first=(-122.43616332168577,37.804925733527654) for park_10k.
        #expect(park.longitudes[0] == -122.43616332168577)
        #expect(park.latitudes[0] == 37.804925733527654)
        let world = ClusterData.world(1)
        #expect(world.longitudes[0] == 23.96216706202111)
        #expect(world.latitudes[0] == 41.7828987346592)
    }

    @Test func itemsPerZoomOverTheWorld() throws {
        let expected = [1, 1, 1, 1, 1, 1, 1, 1, 2, 6, 18, 54, 172, 530, 1471, 3414, 6019, 10000]
        let got = try (0...17).map { try Self.index.clusters(in: ClusterData.world, zoom: $0).count }
        #expect(got == expected)
    }

    @Test(arguments: [
        ("world_z0", 0, 1, 1, 10000), ("world_z4", 4, 1, 1, 10000), ("world_z8", 8, 2, 2, 10000),
        ("park_z12", 12, 87, 75, 5724), ("park_z14", 14, 773, 557, 5976), ("park_z16", 16, 3398, 1261, 5983),
    ])
    func queries(name: String, zoom: Int, items: Int, clusters: Int, points: Int) throws {
        let box = name.hasPrefix("world") ? ClusterData.world : ClusterData.parkViewport
        let result = try Self.index.clusters(in: box, zoom: zoom)
        #expect(result.count == items)
        #expect(result.filter(\.isCluster).count == clusters)
        #expect(result.reduce(0) { $0 + $1.count } == points)
    }

    /// park_100k, whose build splits over the cores wherever there are several.
    @Test func park100kQueriesMatchTheReference() throws {
        let park = ClusterData.park(100_000)
        let index = try ClusterIndex(longitudes: park.longitudes, latitudes: park.latitudes)
        let expected: [(BoundingBox, Int, Int, Int)] = [
            (ClusterData.world, 0, 1, 1), (ClusterData.world, 4, 1, 1), (ClusterData.world, 8, 2, 2),
            (ClusterData.parkViewport, 12, 95, 88), (ClusterData.parkViewport, 14, 1_233, 1_082),
            (ClusterData.parkViewport, 16, 11_241, 7_604),
        ]
        for (box, zoom, items, clusters) in expected {
            let result = try index.clusters(in: box, zoom: zoom)
            #expect(result.count == items, "zoom \(zoom)")
            #expect(result.filter(\.isCluster).count == clusters, "zoom \(zoom)")
        }
        #expect(try index.clusters(in: ClusterData.parkViewport, zoom: 16).reduce(0) { $0 + $1.count } == 60_312)
        let perZoom = [1, 1, 1, 1, 1, 1, 1, 1, 2, 6, 17, 54, 199, 720, 2399, 7442, 21005, 100000]
        #expect(try (0...17).map { try index.clusters(in: ClusterData.world, zoom: $0).count } == perZoom)
    }

    @Test func zoomsAboveMaxZoomReturnThePoints() throws {
        for zoom in [17, 25, 30] {
            let items = try Self.index.clusters(in: ClusterData.world, zoom: zoom)
            #expect(items.count == 10_000)
            #expect(items.filter(\.isCluster).isEmpty)
        }
        let point = try #require(try Self.index.clusters(in: ClusterData.world, zoom: 17).first { $0.id == 0 })
        #expect(point.longitude == -122.43616332168577 && point.latitude == 37.804925733527654)
    }

    @Test func intoVariantReusesTheArray() throws {
        var out: [ClusterItem] = []
        try Self.index.clusters(in: ClusterData.parkViewport, zoom: 14, into: &out)
        let capacity = out.capacity
        try Self.index.clusters(in: ClusterData.parkViewport, zoom: 12, into: &out)
        #expect(out.count == 87)
        #expect(out.capacity == capacity)
    }
}
