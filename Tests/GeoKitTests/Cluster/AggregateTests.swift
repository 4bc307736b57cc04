import Testing
@testable import GeoKit

/// Category counts and value sums of a cluster add up to its points'.
@Suite struct AggregateTests {
    static let points: [ClusterPoint] = {
        let park = ClusterData.park(1_000)
        let names = ["viewpoint", "trailhead", "restroom"]
        return (0..<1_000).map { i in
            ClusterPoint(
                longitude: park.longitudes[i], latitude: park.latitudes[i],
                category: i % 7 == 0 ? nil : names[i % 3], value: i % 5 == 0 ? nil : Double(i % 10) / 4)
        }
    }()
    nonisolated(unsafe) static let index = try! ClusterIndex(points: points)

    @Test func aggregatesAddUpToTheLeaves() throws {
        for zoom in [0, 9, 12, 15] {
            for item in try Self.index.clusters(in: ClusterData.world, zoom: zoom) where item.isCluster {
                let leaves = try Self.index.leaves(of: item.id, limit: .max)
                var expected: [String: Int] = [:]
                for id in leaves { if let c = Self.points[id].category { expected[c, default: 0] += 1 } }
                let counts = Self.index.categoryCounts(of: item)
                #expect(Dictionary(uniqueKeysWithValues: counts.map { ($0.category, $0.count) }) == expected)
                #expect(counts.map(\.count) == counts.map(\.count).sorted(by: >))
                let sum = leaves.reduce(0.0) { $0 + (Self.points[$1].value ?? 0) }
                #expect(abs(Self.index.valueSum(of: item) - sum) < 1e-9)
            }
        }
    }

    @Test func pointsReportTheirOwnProperties() throws {
        let point = try #require(try Self.index.clusters(in: ClusterData.world, zoom: 17).first { $0.id == 1 })
        #expect(Self.index.categoryCounts(of: point).map(\.category) == ["trailhead"])
        #expect(Self.index.valueSum(of: point) == 0.25)
        #expect(Self.index.point(1) == Self.points[1])
        #expect(Self.index.categories == ["trailhead", "restroom", "viewpoint"])
    }

    @Test func ordersTiesByName() throws {
        let index = try ClusterIndex(points: [
            ClusterPoint(longitude: 0, latitude: 0, category: "b"), ClusterPoint(longitude: 0, latitude: 0, category: "a"),
        ])
        let cluster = try #require(try index.clusters(in: ClusterData.world, zoom: 0).first)
        #expect(index.categoryCounts(of: cluster).map(\.category) == ["a", "b"])
    }

    @Test func aggregatesFollowInsertsFromAnIndexWithoutThem() throws {
        let index = try ClusterIndex(longitudes: [0, 0.0001], latitudes: [0, 0])
        try index.insert(ClusterPoint(longitude: 0.0002, latitude: 0, category: "camp", value: 2.5))
        let cluster = try #require(try index.clusters(in: ClusterData.world, zoom: 3).first)
        #expect(cluster.count == 3)
        #expect(index.categoryCounts(of: cluster).map(\.category) == ["camp"])
        #expect(index.valueSum(of: cluster) == 2.5)
        let stale = ClusterItem(id: 12_345, isCluster: true, longitude: 0, latitude: 0, count: 2)
        #expect(index.categoryCounts(of: stale).isEmpty && index.valueSum(of: stale) == 0)
    }
}
