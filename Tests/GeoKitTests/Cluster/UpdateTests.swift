import Testing
@testable import GeoKit

/// Insert and remove give exactly what a rebuild of the live points (ascending id) gives.
@Suite struct UpdateTests {
    static func randomPoint(_ rng: inout SplitMix64, near park: (longitudes: [Double], latitudes: [Double])) -> ClusterPoint {
        let base = Int(rng.unit() * Double(park.longitudes.count))
        let categories = ["trailhead", "viewpoint", "restroom", nil]
        return ClusterPoint(
            longitude: park.longitudes[base] + (rng.unit() - 0.5) * 0.004,
            latitude: park.latitudes[base] + (rng.unit() - 0.5) * 0.004,
            category: categories[Int(rng.unit() * 4)], value: rng.unit() < 0.5 ? nil : rng.unit() * 10)
    }

    @Test(arguments: [2, 3])
    func insertsAndRemovesEqualARebuild(minPoints: Int) throws {
        let park = ClusterData.park(1_500)
        var rng = SplitMix64(seed: 7)
        let points = (0..<1_500).map { _ in Self.randomPoint(&rng, near: park) }
        let options = ClusterOptions(maxZoom: 16, minPoints: minPoints)
        let index = try ClusterIndex(points: points, options: options)
        for step in 0..<300 {
            if step % 3 == 2 {
                var id = Int(rng.unit() * Double(index.points.nextID))
                while index.point(id) == nil { id = (id + 1) % index.points.nextID }
                try index.remove(pointID: id)
            } else {
                let id = try index.insert(Self.randomPoint(&rng, near: park))
                #expect(id == 1_500 + step - step / 3)
            }
            if step % 50 == 49 { #expect(try snapshot(index) == snapshot(index.rebuilt())) }
        }
        #expect(index.count == 1_500 + 200 - 100)
    }

    @Test func removingEverythingThenInsertingWorks() throws {
        let park = ClusterData.park(200)
        let index = try ClusterIndex(longitudes: park.longitudes, latitudes: park.latitudes)
        for id in (0..<200).reversed() { try index.remove(pointID: id) }
        #expect(index.count == 0)
        #expect(try index.clusters(in: ClusterData.world, zoom: 0).isEmpty)
        let id = try index.insert(ClusterPoint(longitude: 10, latitude: 20))
        #expect(id == 200)
        #expect(try index.clusters(in: ClusterData.world, zoom: 5).map(\.id) == [200])
        #expect(try snapshot(index) == snapshot(index.rebuilt()))
    }

    @Test func duplicatesAndTheWholeWorld() throws {
        let world = ClusterData.world(400)
        let index = try ClusterIndex(
            longitudes: world.longitudes, latitudes: world.latitudes,
            options: ClusterOptions(minZoom: 1, maxZoom: 9))
        for i in 0..<40 {
            try index.insert(ClusterPoint(longitude: world.longitudes[i], latitude: world.latitudes[i]))  // exact duplicates
            try index.remove(pointID: 3 * i)
        }
        #expect(try snapshot(index) == snapshot(index.rebuilt()))
    }

    @Test func otherClustersKeepTheirIds() throws {
        let index = try ClusterIndex(longitudes: [0, 0.001, 50, 50.001], latitudes: [0, 0, 0, 0])
        // Descending: cluster ids are -1 - (32 × p + z), so point 0's cluster comes first.
        let before = try index.clusters(in: ClusterData.world, zoom: 5).map(\.id).sorted(by: >)
        try index.insert(ClusterPoint(longitude: 0.0005, latitude: 0))
        let after = try index.clusters(in: ClusterData.world, zoom: 5)
        #expect(after.map(\.id).sorted(by: >) == before)
        #expect(after.first { $0.id == before[0] }?.count == 3)
        try index.remove(pointID: 0)  // the smallest point of the first cluster: its id changes
        let ids = try index.clusters(in: ClusterData.world, zoom: 5).map(\.id)
        #expect(!ids.contains(before[0]) && ids.contains(before[1]))
        #expect(clusterFailure { try index.children(of: before[0]) } == "no cluster with id \(before[0])")
    }
}
