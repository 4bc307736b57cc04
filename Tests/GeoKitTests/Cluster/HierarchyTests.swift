import Testing
@testable import GeoKit

/// Counts add up, and children, leaves and expansion zoom agree with each other and with queries.
@Suite struct HierarchyTests {
    static let park = ClusterData.park(3_000)
    nonisolated(unsafe) static let index = try! ClusterIndex(longitudes: park.longitudes, latitudes: park.latitudes)

    @Test func everyPointIsInExactlyOneItemAtEveryZoom() throws {
        for zoom in 0...17 {
            var seen = Set<Int>()
            for item in try Self.index.clusters(in: ClusterData.world, zoom: zoom) {
                let leaves = item.isCluster ? try Self.index.leaves(of: item.id, limit: .max) : [item.id]
                #expect(leaves.count == item.count)
                for id in leaves { #expect(seen.insert(id).inserted) }
            }
            #expect(seen.count == 3_000)
        }
    }

    @Test func leavesAreTheUnionOfTheChildrensLeaves() throws {
        for zoom in [3, 10, 13, 16] {
            for cluster in try Self.index.clusters(in: ClusterData.world, zoom: zoom) where cluster.isCluster {
                let children = try Self.index.children(of: cluster.id)
                #expect(children.count >= 2)
                #expect(children.reduce(0) { $0 + $1.count } == cluster.count)
                let union = try children.flatMap { $0.isCluster ? try Self.index.leaves(of: $0.id, limit: .max) : [$0.id] }
                #expect(union == (try Self.index.leaves(of: cluster.id, limit: .max)))
            }
        }
    }

    @Test func expansionZoomIsWhereTheClusterSplits() throws {
        for cluster in try Self.index.clusters(in: ClusterData.world, zoom: 12) where cluster.isCluster {
            let expansion = try Self.index.expansionZoom(of: cluster.id)
            #expect(expansion > 12 && expansion <= 17)
            // Alive up to the zoom below, then replaced by its children.
            #expect(try Self.index.clusters(in: ClusterData.world, zoom: expansion - 1).contains { $0.isCluster && $0.id == cluster.id })
            let after = Set(try Self.index.clusters(in: ClusterData.world, zoom: expansion).map { "\($0.isCluster ? "c" : "p")\($0.id)" })
            #expect(!after.contains("c\(cluster.id)"))
            for child in try Self.index.children(of: cluster.id) { #expect(after.contains("\(child.isCluster ? "c" : "p")\(child.id)")) }
        }
    }

    @Test func leavesPageWithLimitAndOffset() throws {
        let top = try #require(try Self.index.clusters(in: ClusterData.world, zoom: 0).first)
        let all = try Self.index.leaves(of: top.id, limit: .max)
        #expect(all.count == 3_000)
        #expect(try Self.index.leaves(of: top.id) == Array(all[0..<10]))
        #expect(try Self.index.leaves(of: top.id, limit: 7, offset: 2_995) == Array(all[2_995...]))
        #expect(try Self.index.leaves(of: top.id, limit: 0).isEmpty)
        var pages: [Int] = []
        for offset in stride(from: 0, to: 3_000, by: 250) { pages += try Self.index.leaves(of: top.id, limit: 250, offset: offset) }
        #expect(pages == all)
    }

    @Test func clusterIdsNameFormationZoomAndSmallestPoint() throws {
        for cluster in try Self.index.clusters(in: ClusterData.world, zoom: 14) where cluster.isCluster {
            let leaves = try Self.index.leaves(of: cluster.id, limit: .max)
            // Negative, so never a point's id: -1 - (32 × p + z).
            #expect(cluster.id < 0)
            #expect(~cluster.id >> 5 == leaves.min())
            #expect(try Self.index.expansionZoom(of: cluster.id) == (~cluster.id & 31) + 1)
        }
    }

    /// Children ascend by their smallest point id; leaves go depth first through them, so the
    /// first leaf is the smallest id but the rest need not be sorted (issue 13: documented,
    /// since `leaves(limit, offset)` pages differ from supercluster's KD-tree order).
    @Test func childrenAscendBySmallestPointIdAndLeavesGoDepthFirst() throws {
        // 0 and 2 are 0.001° apart and cluster from zoom 14 down; 1 joins them at zoom 11.
        let index = try ClusterIndex(longitudes: [0, 0.01, 0.001], latitudes: [0, 0, 0])
        #expect(try index.clusters(in: ClusterData.world, zoom: 11).map(\.id) == [-12])  // ~(32 × 0 + 11)
        #expect(try index.children(of: -12).map(\.id) == [-15, 1])  // {0, 2} formed at 14, then point 1
        #expect(try index.leaves(of: -12, limit: .max) == [0, 2, 1])
        #expect(try index.leaves(of: -12, limit: 1, offset: 1) == [2])

        func smallest(_ item: ClusterItem) throws -> Int? {
            item.isCluster ? try Self.index.leaves(of: item.id, limit: .max).min() : item.id
        }
        for zoom in [0, 5, 10, 13, 16] {
            for cluster in try Self.index.clusters(in: ClusterData.world, zoom: zoom) where cluster.isCluster {
                let firsts = try Self.index.children(of: cluster.id).compactMap(smallest)
                #expect(firsts.count >= 2 && firsts == firsts.sorted() && Set(firsts).count == firsts.count)
                #expect(try Self.index.leaves(of: cluster.id, limit: 1) == [try smallest(cluster)])
            }
        }
    }

    @Test func emptyIndexAnswersNothing() throws {
        let empty = try ClusterIndex(points: [])
        #expect(empty.count == 0)
        #expect(try empty.clusters(in: ClusterData.world, zoom: 3).isEmpty)
        #expect(clusterFailure { try empty.children(of: 32) } == "no cluster with id 32")
        #expect(empty.point(0) == nil)
    }

    @Test func minPointsLeavesSmallGroupsAsPoints() throws {
        let options = ClusterOptions(minPoints: 5)
        let index = try ClusterIndex(longitudes: Self.park.longitudes, latitudes: Self.park.latitudes, options: options)
        for zoom in 0...17 {
            let items = try index.clusters(in: ClusterData.world, zoom: zoom)
            #expect(items.reduce(0) { $0 + $1.count } == 3_000)
            for item in items where item.isCluster { #expect(item.count >= 5) }
        }
    }
}
